#include "app/tune/selfplay.h"

#include <cstdio>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>

#include "core/manager/builtin_player.h"
#include "core/manager/openings.h"
#include "core/manager/referee.h"
#include "core/board/rules.h"

namespace gomoku::tune {

namespace {

// A built-in player that also keeps the score it reported for each move, which the referee
// does not keep: the win-chance fit needs it.
class ScoringPlayer : public Player {
 public:
  ScoringPlayer(BuiltinConfig config, std::vector<std::pair<int, int>>* scores)
      : inner_(std::move(config)), scores_(scores) {}
  std::string name() const override { return inner_.name(); }
  std::optional<std::string> newGame(const GameSettings& s) override { return inner_.newGame(s); }
  MoveReply requestMove(const std::vector<Point>& moves, const MoveClock& clock) override {
    MoveReply reply = inner_.requestMove(moves, clock);
    if (reply.ok()) scores_->push_back({int(moves.size()), reply.score.value_or(kNoScore)});
    return reply;
  }
  void abort() override { inner_.abort(); }
  void clearAbort() override { inner_.clearAbort(); }

 private:
  BuiltinPlayer inner_;
  std::vector<std::pair<int, int>>* scores_;
};

// Extends the opening by `plies` random legal moves within 2 of the stones, so that two
// deterministic engines do not replay the same few games.
std::vector<Point> randomised(std::vector<Point> opening, int size, Rule rule, int plies,
                              std::mt19937_64& rng) {
  Board board(size, rule);
  for (Point p : opening) board.place(p);
  for (int i = 0; i < plies; ++i) {
    std::vector<Point> choices;
    for (int y = 0; y < size; ++y)
      for (int x = 0; x < size; ++x) {
        Point p = makePoint(x, y);
        if (!board.isCandidate(p)) continue;
        // Never hand out a ready-made win: no move that makes or must answer a four.
        if (board.threat(p, board.sideToMove()) >= Threat::Block4) continue;
        if (board.threatCount(opponent(board.sideToMove()), Threat::Five)) continue;
        if (!isLegal(board, p, board.sideToMove())) continue;
        choices.push_back(p);
      }
    if (choices.empty()) break;
    Point p = choices[rng() % choices.size()];
    board.place(p);
    opening.push_back(p);
  }
  return opening;
}

}  // namespace

std::string formatGame(const GameRecord& g) {
  // Built with += (GCC 12 warns falsely about operator+ chains with -Wrestrict).
  std::string line = "rule=";
  line += ruleName(g.rule);
  line += ";size=";
  line += std::to_string(g.size);
  line += ";opening=";
  line += std::to_string(g.openingPlies);
  line += ";result=";
  line += std::to_string(g.result);
  line += ";moves=";
  for (size_t i = 0; i < g.moves.size(); ++i) {
    if (i) line += ',';
    line += pointToText(g.moves[i]);
  }
  line += ";scores=";
  for (size_t i = 0; i < g.scores.size(); ++i) {
    if (i) line += ',';
    line += g.scores[i] == kNoScore ? std::string("?") : std::to_string(g.scores[i]);
  }
  return line;
}

bool parseGame(const std::string& line, GameRecord& g) {
  g = GameRecord{};
  std::istringstream fields(line);
  std::string field;
  std::string moves, scores;
  bool haveRule = false, haveResult = false;
  while (std::getline(fields, field, ';')) {
    auto eq = field.find('=');
    if (eq == std::string::npos) return false;
    std::string key = field.substr(0, eq), value = field.substr(eq + 1);
    try {
      if (key == "rule") {
        auto r = parseRule(value);
        if (!r) return false;
        g.rule = *r;
        haveRule = true;
      } else if (key == "size") {
        g.size = std::stoi(value);
      } else if (key == "opening") {
        g.openingPlies = std::stoi(value);
      } else if (key == "result") {
        g.result = std::stoi(value);
        haveResult = g.result >= -1 && g.result <= 1;
      } else if (key == "moves") {
        moves = value;
      } else if (key == "scores") {
        scores = value;
      }
    } catch (...) {
      return false;
    }
  }
  if (!haveRule || !haveResult || g.size < kMinSize || g.size > kMaxSize) return false;
  std::istringstream ms(moves);
  std::string text;
  Board board(g.size, g.rule);
  while (std::getline(ms, text, ',')) {
    auto p = parsePointText(text, g.size);
    if (!p || !board.isEmpty(*p)) return false;
    board.place(*p);
    g.moves.push_back(*p);
  }
  std::istringstream ss(scores);
  while (std::getline(ss, text, ',')) {
    if (text == "?") {
      g.scores.push_back(kNoScore);
      continue;
    }
    try {
      g.scores.push_back(std::stoi(text));
    } catch (...) {
      return false;
    }
  }
  return g.openingPlies >= 0 && g.openingPlies <= int(g.moves.size()) &&
         g.scores.size() <= g.moves.size() - g.openingPlies;
}

bool loadGames(const std::vector<std::string>& paths, std::vector<GameRecord>& games,
               std::string& error) {
  for (const std::string& path : paths) {
    std::ifstream in(path);
    if (!in) {
      error = path + ": cannot read";
      return false;
    }
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      if (line.empty() || line[0] == '#') continue;
      GameRecord g;
      if (!parseGame(line, g)) {
        error = path + ":" + std::to_string(number) + ": not a game record";
        return false;
      }
      games.push_back(std::move(g));
    }
  }
  return true;
}

bool runSelfPlay(const SelfPlayOptions& o, const std::string& path) {
  auto openings = loadOpenings(o.openingsFile, o.size, o.rule);
  if (!openings || openings.value->empty()) {
    std::fprintf(stderr, "gomoku-tune: %s: %s\n", o.openingsFile.c_str(),
                 openings ? "no openings for this board" : openings.error.c_str());
    return false;
  }
  std::ofstream out(path, std::ios::app);
  if (!out) {
    std::fprintf(stderr, "gomoku-tune: cannot write %s\n", path.c_str());
    return false;
  }
  std::mt19937_64 rng(o.seed);
  std::vector<std::pair<int, int>> scores;
  BuiltinConfig config;
  config.maxNodes = o.nodes;
  config.hashMb = 16;
  config.name = "black";
  ScoringPlayer black(config, &scores);
  config.name = "white";
  ScoringPlayer white(config, &scores);
  Player* const players[2] = {&black, &white};
  for (int i = 0; i < o.games; ++i) {
    const Opening& opening = (*openings.value)[rng() % openings.value->size()];
    RefereeSetup setup;
    setup.size = o.size;
    setup.rule = o.rule;
    setup.opening = randomised(opening.moves, o.size, o.rule, o.randomPlies, rng);
    setup.time[0] = setup.time[1] = TimeControl{0, 0, 0};
    setup.drawAfterPlies = o.drawAfterPlies;
    if (checkOpening(setup.opening, o.size, o.rule)) setup.opening = opening.moves;
    scores.clear();
    PlayedGame played = playGame(players, setup);
    if (played.termination == Termination::Forfeit || played.termination == Termination::Aborted) {
      std::fprintf(stderr, "game %d: %s (skipped)\n", i + 1, played.reason.c_str());
      continue;
    }
    GameRecord g;
    g.rule = o.rule;
    g.size = o.size;
    g.openingPlies = played.openingPlies;
    g.moves = played.moves;
    g.result = played.result == GameResult::BlackWins   ? 1
               : played.result == GameResult::WhiteWins ? -1
                                                        : 0;
    g.scores.assign(g.moves.size() - g.openingPlies, kNoScore);
    for (auto [ply, score] : scores)
      if (ply >= g.openingPlies && ply - g.openingPlies < int(g.scores.size()))
        g.scores[ply - g.openingPlies] = score;
    out << formatGame(g) << '\n';
    out.flush();
    if (o.progress)
      std::fprintf(stderr, "game %d/%d: %zu moves, %s\n", i + 1, o.games, g.moves.size(),
                   played.reason.c_str());
  }
  return true;
}

}  // namespace gomoku::tune
