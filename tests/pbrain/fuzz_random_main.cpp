// Drives fuzz_brain.cpp's LLVMFuzzerTestOneInput without libFuzzer: a seeded generator makes
// inputs from the protocol's grammar (valid commands with odd arguments, BOARD blocks,
// mutations of them, raw bytes) with mixed line ends. Usage: pbrain_fuzz_random [seed] [runs]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::mt19937_64 rng;

int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
bool chance(int percent) { return pick(1, 100) <= percent; }

std::string number() {
  switch (pick(0, 7)) {
    case 0: return std::to_string(pick(-3, 25));
    case 1: return std::to_string(pick(0, 14));
    case 2: return std::to_string(pick(5, 22));
    case 3: return "2147483647";
    case 4: return "-2147483648";
    case 5: return "99999999999999999999";
    case 6: return "";
    default: return std::to_string(pick(0, 1000000));
  }
}

std::string point() { return number() + (chance(90) ? "," : ";") + number(); }

std::string command() {
  static const char* const kInfoKeys[] = {"timeout_turn", "timeout_match", "time_left",
                                          "max_memory",   "game_type",     "rule",
                                          "folder",       "evaluate",      "thread_num",
                                          "max_depth",    "max_node",      "show_detail",
                                          "hash_size",    "caution_factor", ""};
  switch (pick(0, 20)) {
    case 0: return "START " + (chance(70) ? std::to_string(pick(3, 24)) : number());
    case 1: return "RECTSTART " + point();
    case 2: return "RESTART";
    case 3: return "BEGIN";
    case 4:
    case 5:
    case 6: return "TURN " + point();
    case 7: return "TAKEBACK " + point();
    case 8: return "PLAY " + point();
    case 9: {
      std::string key = kInfoKeys[pick(0, 14)];
      std::string value = key == "rule" && chance(60) ? std::to_string(pick(-1, 9)) : number();
      // Keep most searches short and the hash table small.
      if (key == "timeout_turn" || key == "time_left" || key == "timeout_match")
        value = std::to_string(pick(0, 50));
      if (key == "max_memory" || key == "hash_size") value = std::to_string(pick(0, 1 << 22));
      if (key == "thread_num") value = std::to_string(pick(0, 3));
      return "INFO " + key + " " + value;
    }
    case 10: return "END";
    case 11: return "ABOUT";
    case 12: return chance(50) ? "STOP" : "YXSTOP";
    case 13: return "YXNBEST " + number();
    case 14: return "YXSHOWFORBID";
    case 15: return "DONE";
    case 16:
    case 17: {
      std::string block = chance(50) ? "BOARD" : (chance(70) ? "YXBOARD" : "SWAP2BOARD");
      int stones = pick(0, 30);
      for (int i = 0; i < stones; ++i) {
        block += '\n';
        block += point();
        if (chance(90)) {
          block += ',';
          block += std::to_string(pick(0, 4));
        }
      }
      if (chance(90)) block += "\nDONE";
      return block;
    }
    case 18: return std::to_string(pick(0, 20)) + "," + std::to_string(pick(0, 20)) + "," +
                    std::to_string(pick(1, 3));
    default: {
      std::string junk;
      int n = pick(0, 40);
      for (int i = 0; i < n; ++i) junk += static_cast<char>(pick(0, 255));
      return junk;
    }
  }
}

std::string mutate(std::string s) {
  int edits = pick(1, 4);
  for (int i = 0; i < edits; ++i) {
    int op = pick(0, 3);
    size_t at = s.empty() ? 0 : static_cast<size_t>(pick(0, static_cast<int>(s.size()) - 1));
    if (op == 0 && !s.empty()) s.erase(at, 1);
    else if (op == 1) s.insert(at, 1, static_cast<char>(pick(0, 255)));
    else if (op == 2 && !s.empty()) s[at] = static_cast<char>(pick(32, 126));
    else if (op == 3 && !s.empty()) s[at] = static_cast<char>(std::tolower(s[at]));
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  int runs = argc > 2 ? std::atoi(argv[2]) : 2000;
  rng.seed(seed);
  size_t bytes = 0;
  for (int run = 0; run < runs; ++run) {
    std::string input;
    if (chance(70)) input += "START " + std::to_string(pick(5, 22)) + "\r\n";
    int lines = pick(1, 40);
    for (int i = 0; i < lines; ++i) {
      std::string line = command();
      if (chance(15)) line = mutate(line);
      input += line;
      static const char* const kEnds[] = {"\r\n", "\n", "\r", "\r\n\r\n"};
      input += kEnds[pick(0, 3)];
    }
    bytes += input.size();
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
  }
  std::printf("pbrain_fuzz_random: seed %llu, %d inputs, %zu bytes, no failure\n",
              static_cast<unsigned long long>(seed), runs, bytes);
  return 0;
}
