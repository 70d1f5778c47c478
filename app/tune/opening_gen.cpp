#include "app/tune/opening_gen.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "core/board/board.h"
#include "core/board/rules.h"
#include "core/manager/referee.h"
#include "core/search/search.h"
#include "core/search/tt.h"

namespace gomoku::tune {

namespace {

// The same position seen through any of the board's 8 symmetries gives the same key: the
// smallest of its 8 sorted stone lists (colour, x, y from the centre).
std::string symmetryKey(const std::vector<Point>& moves, int size) {
  const int c = size / 2;
  std::string best;
  for (int t = 0; t < 8; ++t) {
    std::vector<std::array<int, 3>> stones;
    for (size_t i = 0; i < moves.size(); ++i) {
      int x = pointX(moves[i]) - c, y = pointY(moves[i]) - c;
      if (t & 1) x = -x;
      if (t & 2) y = -y;
      if (t & 4) std::swap(x, y);
      stones.push_back({int(i % 2), x, y});
    }
    std::sort(stones.begin(), stones.end());
    std::string key;
    for (const auto& s : stones) key += fmt::format("{}{:+}{:+} ", s[0], s[1], s[2]);
    if (best.empty() || key < best) best = key;
  }
  return best;
}

// Neither side has a five or an open four to make (no four or open three on the board): a
// quiet start, not a tactic half played.
bool quiet(const Board& board) {
  for (Color c : {Color::Black, Color::White})
    if (board.threatCount(c, Threat::Five) > 0 || board.threatCount(c, Threat::OpenFour) > 0)
      return false;
  return true;
}

// `stones` stones, the first on the centre, the others on random legal points within
// `radius` of it, black and white in turn; empty when the position stops being quiet.
std::vector<Point> randomOpening(int stones, const OpeningGenOptions& o, std::mt19937_64& rng) {
  Board board(o.size, o.rule);
  const int c = o.size / 2;
  std::vector<Point> moves{makePoint(c, c)};
  board.place(moves[0]);
  std::uniform_int_distribution<int> offset(-o.radius, o.radius);
  while (int(moves.size()) < stones) {
    Point p = kNullPoint;
    for (int tries = 0; tries < 100 && p == kNullPoint; ++tries) {
      const int x = c + offset(rng), y = c + offset(rng);
      if (!onBoard(x, y, o.size)) continue;
      const Point q = makePoint(x, y);
      if (board.isEmpty(q) && isLegal(board, q, board.sideToMove())) p = q;
    }
    if (p == kNullPoint) return {};
    board.place(p);
    moves.push_back(p);
    if (!quiet(board)) return {};
  }
  return moves;
}

}  // namespace

bool generateOpenings(const OpeningGenOptions& o, const std::string& command,
                      const std::string& path) {
  if (o.minStones < 1 || o.maxStones < o.minStones || o.radius < 1 || 2 * o.radius >= o.size) {
    std::fprintf(stderr, "gomoku-tune: openings: need 1 <= min stones <= max stones, and a "
                         "radius of at least 1 that fits on the board\n");
    return false;
  }
  // Written beside the file and renamed over it at the end: a run that fails or is stopped
  // leaves an existing set as it was.
  const std::string partial = path + ".partial";
  std::ofstream out(partial);
  auto fail = [&] {
    out.close();
    std::error_code ignored;
    std::filesystem::remove(partial, ignored);
    return false;
  };
  if (!out) {
    std::fprintf(stderr, "gomoku-tune: cannot write %s\n", path.c_str());
    return false;
  }
  out << fmt::format(
      "# {} {}x{} openings: random quiet positions within {} lines of the centre (the first "
      "stone on it), {} to {} stones, one per symmetry class, kept when the side to move's "
      "score at {} nodes is within +-{}.\n# Made by: {}\n# Format: see README.md "
      "(id;rule;size;to_move;moves=...;source=...).\n",
      ruleName(o.rule), o.size, o.size, o.radius, o.minStones, o.maxStones, o.nodes, o.maxScore,
      command);
  std::mt19937_64 rng(o.seed);
  TranspositionTable table(16);
  Searcher searcher(&table);
  std::atomic<bool> stop{false};
  Limits limits;
  limits.maxNodes = o.nodes;
  std::set<std::string> seen;
  const int stoneCounts = o.maxStones - o.minStones + 1;
  int written = 0;
  uint64_t tried = 0, searched = 0;
  const uint64_t maxTries = uint64_t(o.count) * 1000;
  while (written < o.count) {
    if (++tried > maxTries) {
      std::fprintf(stderr, "gomoku-tune: openings: only %d of %d found in %llu tries\n", written,
                   o.count, static_cast<unsigned long long>(maxTries));
      return fail();
    }
    // A stone count at random (not each in turn: the few classes of 3 stones within 3 lines
    // are soon used up, and a set would then wait for one that no longer exists).
    const int stones = o.minStones + int(rng() % uint64_t(stoneCounts));
    const std::vector<Point> moves = randomOpening(stones, o, rng);
    if (moves.empty() || checkOpening(moves, o.size, o.rule)) continue;
    std::string key = symmetryKey(moves, o.size);
    if (seen.count(key)) continue;
    Board board(o.size, o.rule);
    for (Point p : moves) board.place(p);
    // A fresh table and histories each time: the scores do not depend on what came before.
    table.clear();
    searcher.clear();
    const SearchInfo info = searcher.run(board, limits, stop, tried, {}, {});
    ++searched;
    seen.insert(std::move(key));  // balanced or not, this class is decided
    if (info.bestMove == kNullPoint || isMateScore(info.score) ||
        std::abs(info.score) > o.maxScore)
      continue;
    std::string list;
    for (Point p : moves) {  // (with +=: GCC 12 warns falsely about operator+ with -Wrestrict)
      if (!list.empty()) list += ',';
      list += pointToText(p);
    }
    out << fmt::format("id=gen{:04};rule={};size={};to_move={};moves={};source=gomoku-tune "
                       "openings, score {:+} at {} nodes\n",
                       ++written, ruleName(o.rule), o.size, colorName(board.sideToMove()), list,
                       info.score, o.nodes);
    if (o.progress && written % 100 == 0)
      std::fprintf(stderr, "%d openings (%llu positions tried)\n", written,
                   static_cast<unsigned long long>(tried));
  }
  if (o.progress)
    std::fprintf(stderr, "%d openings: %llu positions made, %llu of them searched\n", written,
                 static_cast<unsigned long long>(tried), static_cast<unsigned long long>(searched));
  out.close();
  std::error_code error;
  if (!out) {
    std::fprintf(stderr, "gomoku-tune: cannot write %s\n", partial.c_str());
    return fail();
  }
  std::filesystem::rename(partial, path, error);
  if (error) {
    std::fprintf(stderr, "gomoku-tune: cannot rename %s to %s: %s\n", partial.c_str(),
                 path.c_str(), error.message().c_str());
    return fail();
  }
  return true;
}

}  // namespace gomoku::tune
