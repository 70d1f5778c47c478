// A Gomocup brain for the manager's tests that can be told to misbehave. It plays the empty
// point nearest the centre (a legal, dull game) unless an option says otherwise at its k-th
// move of a game (counting from 1):
//   --crash-at K      exit with status 3 instead of answering
//   --segv-at K       die by SIGSEGV
//   --hang-at K       never answer (and ignore END)
//   --garbage-at K    answer "hello there"
//   --error-at K      answer "ERROR something went wrong"
//   --occupied-at K   answer a point that is already taken
//   --off-board-at K  answer a point off the board
//   --late-at K MS    answer after sleeping MS milliseconds
//   --close-out-at K  close its stdout instead of answering, and keep running (until END)
//   --orphan-at K     exit with status 0, leaving a child process that holds its stdout
//   --no-start        never answer START
//   --refuse-start    answer START with ERROR
//   --refuse-restart  answer RESTART with UNKNOWN
//   --name NAME       the ABOUT name (default "fake")
//   --chatty          a MESSAGE and a DEBUG line before every move, a line on stderr
// It writes its process id to stderr at start ("pid N") so tests can check it is gone.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

struct Options {
  int crashAt = 0, segvAt = 0, hangAt = 0, garbageAt = 0, errorAt = 0, occupiedAt = 0,
      offBoardAt = 0, lateAt = 0, lateMs = 0, closeOutAt = 0, orphanAt = 0;
  bool noStart = false, refuseStart = false, refuseRestart = false, chatty = false;
  std::string name = "fake";
};

int size = 15;
std::set<std::pair<int, int>> taken;
int movesThisGame = 0;

void say(const std::string& line) {
  std::cout << line << "\n" << std::flush;
}

std::pair<int, int> nearestEmpty() {
  int c = size / 2;
  for (int r = 0; r < size; ++r)
    for (int y = c - r; y <= c + r; ++y)
      for (int x = c - r; x <= c + r; ++x)
        if (x >= 0 && y >= 0 && x < size && y < size && !taken.count({x, y})) return {x, y};
  return {0, 0};
}

void answer(const Options& o) {
  ++movesThisGame;
  int k = movesThisGame;
  if (o.chatty) {
    say("MESSAGE thinking about move " + std::to_string(k));
    say("DEBUG nothing to see");
    std::cerr << "fake brain stderr line " << k << std::endl;
  }
  if (k == o.crashAt) std::exit(3);
  if (k == o.segvAt) {
    std::signal(SIGSEGV, SIG_DFL);  // a sanitizer's handler would exit with a status instead
    std::raise(SIGSEGV);
  }
  if (k == o.hangAt) {
    std::signal(SIGTERM, SIG_IGN);
    while (true) std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  if (k == o.closeOutAt) {
    std::fclose(stdout);
    return;
  }
  if (k == o.orphanAt) {
    if (fork() == 0) {
      std::cerr << "orphan pid " << getpid() << std::endl;
      std::this_thread::sleep_for(std::chrono::seconds(30));  // killed with the group
      std::_Exit(0);
    }
    std::_Exit(0);
  }
  if (k == o.garbageAt) return say("hello there");
  if (k == o.errorAt) return say("ERROR something went wrong");
  if (k == o.lateAt) std::this_thread::sleep_for(std::chrono::milliseconds(o.lateMs));
  if (k == o.occupiedAt && !taken.empty()) {
    auto p = *taken.begin();
    return say(std::to_string(p.first) + "," + std::to_string(p.second));
  }
  if (k == o.offBoardAt) return say(std::to_string(size + 3) + ",0");
  auto p = nearestEmpty();
  taken.insert(p);
  say(std::to_string(p.first) + "," + std::to_string(p.second));
}

bool parsePoint(const std::string& text, int& x, int& y) {
  return std::sscanf(text.c_str(), "%d,%d", &x, &y) == 2;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (size_t i = 0; i < args.size(); ++i) {
    auto next = [&] { return i + 1 < args.size() ? std::atoi(args[++i].c_str()) : 0; };
    const std::string& a = args[i];
    if (a == "--crash-at") o.crashAt = next();
    else if (a == "--segv-at") o.segvAt = next();
    else if (a == "--hang-at") o.hangAt = next();
    else if (a == "--garbage-at") o.garbageAt = next();
    else if (a == "--error-at") o.errorAt = next();
    else if (a == "--occupied-at") o.occupiedAt = next();
    else if (a == "--off-board-at") o.offBoardAt = next();
    else if (a == "--close-out-at")
      o.closeOutAt = next();
    else if (a == "--orphan-at")
      o.orphanAt = next();
    else if (a == "--late-at") {
      o.lateAt = next();
      o.lateMs = next();
    } else if (a == "--no-start") o.noStart = true;
    else if (a == "--refuse-start") o.refuseStart = true;
    else if (a == "--refuse-restart") o.refuseRestart = true;
    else if (a == "--chatty") o.chatty = true;
    else if (a == "--name" && i + 1 < args.size()) o.name = args[++i];
  }
  std::cerr << "pid " << getpid() << std::endl;

  std::string line;
  bool inBoard = false;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (inBoard) {
      int x, y;
      if (line == "DONE") {
        inBoard = false;
        answer(o);
      } else if (parsePoint(line, x, y)) {
        taken.insert({x, y});
      }
      continue;
    }
    std::string word = line.substr(0, line.find(' '));
    std::string rest = line.size() > word.size() ? line.substr(word.size() + 1) : "";
    int x, y;
    if (word == "START") {
      if (o.noStart) continue;
      if (o.refuseStart) {
        say("ERROR unsupported size");
        continue;
      }
      size = std::atoi(rest.c_str());
      taken.clear();
      movesThisGame = 0;
      say("OK");
    } else if (word == "RESTART") {
      if (o.refuseRestart) {
        say("UNKNOWN RESTART");
        continue;
      }
      taken.clear();
      movesThisGame = 0;
      say("OK");
    } else if (word == "ABOUT") {
      say("name=\"" + o.name + "\", version=\"1.0\", author=\"tests\", country=\"nowhere\"");
    } else if (word == "INFO") {
      // ignored
    } else if (word == "BEGIN") {
      answer(o);
    } else if (word == "TURN" && parsePoint(rest, x, y)) {
      taken.insert({x, y});
      answer(o);
    } else if (word == "TAKEBACK" && parsePoint(rest, x, y)) {
      taken.erase({x, y});
      say("OK");
    } else if (word == "BOARD") {
      taken.clear();
      inBoard = true;
    } else if (word == "END") {
      return 0;
    } else {
      say("UNKNOWN " + word);
    }
  }
  return 0;
}
