// gomoku-bench: speed and regression measurements on fixed positions.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "app/bench/bench.h"
#include "core/protocol/text.h"
#include "gomoku/version.h"

namespace {

void usage(std::FILE* out) {
  std::fprintf(
      out,
      "usage: gomoku-bench MODE [options]   (or --version)\n"
      "modes:\n"
      "  placeundo [--runs N] [--seconds S]  place+undo per second over every candidate\n"
      "                                      at every prefix of each bench position\n"
      "  search [--depth D] [--threads N]    fixed-depth search per bench position (D=10):\n"
      "                                      depth, nodes, ms, nps, move, signature; with\n"
      "                                      N > 1 threads the time to depth (the node counts\n"
      "                                      and signature then vary run to run)\n"
      "  tactics [--time MS] [--threads N]   win puzzles and defence positions; --nodes N\n"
      "          [--nodes N]                 instead of the time: the same result on a busy\n"
      "                                      machine (one thread)\n"
      "          [--check-nodes N]           a win puzzle's move missing from best= counts\n"
      "                                      when the threat solver, N nodes (4000000) a\n"
      "                                      call, proves it wins against every reply\n"
      "          [--check-search-nodes N]    or else the engine's search, N nodes (40000000),\n"
      "                                      proves it with a mate score (0: never)\n"
      "  stability [--time MS]               mean |score change| between consecutive\n"
      "                                      depths (from 4, no mates) at MS (1000) each\n"
      "  solver [--nodes N] [--threats T]    the threat solvers alone on the win puzzles:\n"
      "         [--wide W]                   VCF, then VCT up to T threats (9), then the\n"
      "                                      wide VCT (quiet moves that threaten a VCF) up\n"
      "                                      to W threats (0), within N nodes (2000000) a\n"
      "                                      position\n"
      "options:\n"
      "  --data FILE, --positions FILE       positions file instead of the default\n"
      "                                      (default: %s)\n",
      gomoku::bench::dataPath("bench_positions.txt").c_str());
}

bool parseInt(const char* text, int64_t min, int64_t max, int64_t& out) {
  auto value = gomoku::parseIntegerIn(text, min, max);
  if (value) out = *value;
  return value.has_value();
}

}  // namespace

int main(int argc, char** argv) {
  using gomoku::bench::Options;
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  if (!std::strcmp(argv[1], "--version")) {
    std::printf("gomoku-bench (%s) %s\n", gomoku::kProductName, gomoku::kVersion);
    return 0;
  }
  Options options;
  options.mode = argv[1];
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (i + 1 >= argc) {
      std::fprintf(stderr, "gomoku-bench: %s needs a value\n", arg.c_str());
      return 2;
    }
    const char* value = argv[++i];
    int64_t number = 0;
    if (arg == "--data" || arg == "--positions") {
      options.dataFile = value;
    } else if (arg == "--runs" && parseInt(value, 1, 1000, number)) {
      options.runs = static_cast<int>(number);
    } else if (arg == "--depth" && parseInt(value, 1, 60, number)) {
      options.depth = static_cast<int>(number);
    } else if (arg == "--threads" && parseInt(value, 1, 64, number)) {
      options.threads = static_cast<int>(number);
    } else if (arg == "--time" && parseInt(value, 1, 3600000, number)) {
      options.timeMs = number;
    } else if (arg == "--threats" && parseInt(value, 1, 60, number)) {
      options.threats = static_cast<int>(number);
    } else if (arg == "--wide" && parseInt(value, 0, 60, number)) {
      options.wideThreats = static_cast<int>(number);
    } else if (arg == "--nodes" && parseInt(value, 1, int64_t(1) << 40, number)) {
      options.nodes = number;
      options.nodesGiven = true;
    } else if (arg == "--check-nodes" && parseInt(value, 1, int64_t(1) << 40, number)) {
      options.checkNodes = number;
    } else if (arg == "--check-search-nodes" && parseInt(value, 0, int64_t(1) << 40, number)) {
      options.checkSearchNodes = number;
    } else if (arg == "--seconds" && parseInt(value, 1, 600, number)) {
      options.seconds = static_cast<double>(number);
    } else {
      std::fprintf(stderr, "gomoku-bench: bad option %s %s\n", arg.c_str(), value);
      usage(stderr);
      return 2;
    }
  }
  if (options.mode == "placeundo") return gomoku::bench::runPlaceUndo(options);
  if (options.mode == "search") return gomoku::bench::runSearch(options);
  if (options.mode == "tactics") return gomoku::bench::runTactics(options);
  if (options.mode == "stability") return gomoku::bench::runStability(options);
  if (options.mode == "solver") return gomoku::bench::runSolver(options);
  std::fprintf(stderr, "gomoku-bench: unknown mode '%s'\n", options.mode.c_str());
  usage(stderr);
  return 2;
}
