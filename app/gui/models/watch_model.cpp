#include "app/gui/models/watch_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/board/rules.h"

namespace gomoku::gui {

// ---------------------------------------------------------------- principal variation

std::vector<PvStone> pvStones(const Board& position, const std::vector<Point>& pv) {
  std::vector<PvStone> stones;
  if (pv.empty() || position.lastMoveWon()) return stones;
  Board board = position;
  for (Point p : pv) {
    const Color mover = board.sideToMove();
    if (board.full() || !isLegal(board, p, mover)) break;
    board.place(p);
    stones.push_back({p, mover, static_cast<int>(stones.size()) + 1});
    if (board.lastMoveWon()) break;
  }
  return stones;
}

std::vector<Point> pvFromHere(const Board& now, int searchedPly, uint64_t searchedKey,
                              const std::vector<Point>& pv) {
  const int ply = now.stoneCount();
  if (ply == searchedPly && now.key() == searchedKey) return pv;
  const int ahead = ply - searchedPly;
  if (searchedPly < 0 || ahead <= 0 || ahead > static_cast<int>(pv.size())) return {};
  const std::vector<Point>& moves = now.moves();
  for (int i = 0; i < ahead; ++i) {
    if (moves[static_cast<size_t>(searchedPly + i)] != pv[static_cast<size_t>(i)]) return {};
  }
  // The moves match; was the position before them the one searched?
  Board before(now.size(), now.rule());
  for (int i = 0; i < searchedPly; ++i) before.place(moves[static_cast<size_t>(i)]);
  if (before.key() != searchedKey) return {};
  return std::vector<Point>(pv.begin() + ahead, pv.end());
}

// ---------------------------------------------------------------- heat map

HeatMap heatMap(const Board& position) {
  HeatMap map;
  if (position.lastMoveWon() || position.full()) return map;
  Board scratch = position;
  MoveList list;
  map.kind = generateMoves(scratch, list);
  map.cells.reserve(static_cast<size_t>(list.count));
  int low = 0, high = 0;
  for (const ScoredMove& m : list) {
    const int score = orderingScore(position, m.move);
    if (map.cells.empty()) low = high = score;
    low = std::min(low, score);
    high = std::max(high, score);
    map.cells.push_back({m.move, score, 0.0f});
  }
  const double range = std::log1p(static_cast<double>(high) - low);
  for (HeatCell& cell : map.cells) {
    cell.heat = range > 0
                    ? static_cast<float>(std::log1p(static_cast<double>(cell.score) - low) / range)
                    : 1.0f;
  }
  std::stable_sort(map.cells.begin(), map.cells.end(),
                   [](const HeatCell& a, const HeatCell& b) { return a.score > b.score; });
  return map;
}

const char* nodeKindText(NodeKind kind) {
  switch (kind) {
    case NodeKind::WinNow:
      return "a five wins now";
    case NodeKind::MustBlock:
      return "must block the four";
    case NodeKind::DefendThree:
      return "must answer the open three";
    case NodeKind::Normal:
      return "every candidate near the stones";
  }
  return "";
}

// ---------------------------------------------------------------- evaluation

EvalView evalView(const Board& position) {
  EvalView view;
  view.breakdown = explain(position);
  for (const EvalTerm& t : view.breakdown.mover.terms) view.moverSum += t.contribution;
  for (const EvalTerm& t : view.breakdown.other.terms) view.otherSum += t.contribution;
  view.evaluation = evaluate(position);
  return view;
}

// ---------------------------------------------------------------- game chart

void ScoreMemory::record(int ply, uint64_t key, Color sideToMove, int score, int depth) {
  const int black = sideToMove == Color::Black ? score : -score;
  auto [it, inserted] = entries_.try_emplace({ply, key}, Entry{black, depth});
  if (inserted) {
    ++changes_;
  } else if (depth >= it->second.depth &&
             (it->second.blackScore != black || it->second.depth != depth)) {
    it->second = {black, depth};
    ++changes_;
  }
}

std::optional<ScoreMemory::Entry> ScoreMemory::find(int ply, uint64_t key) const {
  auto it = entries_.find({ply, key});
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

std::vector<ChartPoint> gameChart(int size, Rule rule, const std::vector<Point>& line,
                                  const ScoreMemory& memory) {
  std::vector<ChartPoint> chart;
  chart.reserve(line.size() + 1);
  Board board(size, rule);
  for (size_t ply = 0;; ++ply) {
    ChartPoint point;
    point.ply = static_cast<int>(ply);
    point.move = board.lastMove();
    if (board.lastMoveWon()) {
      point.known = true;  // the side to move has lost, whatever was searched before
      point.blackScore = board.sideToMove() == Color::Black ? -kScoreMate : kScoreMate;
    } else if (auto known = memory.find(point.ply, board.key())) {
      point.known = true;
      point.blackScore = known->blackScore;
      point.depth = known->depth;
    }
    if (point.known) {
      // The map is the side to move's (its offset is not 0), so black's chance is read from
      // the side to move's score: the chart and the Search panel then say the same thing.
      const Color mover = board.sideToMove();
      const double moverChance =
          winProbability(mover == Color::Black ? point.blackScore : -point.blackScore, rule);
      point.blackChance = static_cast<float>(mover == Color::Black ? moverChance : 1 - moverChance);
    }
    chart.push_back(point);
    if (ply >= line.size() || board.lastMoveWon() || !board.isEmpty(line[ply])) break;
    board.place(line[ply]);
  }
  return chart;
}

void rememberSearch(ScoreMemory& memory, const std::vector<Point>& line, int size, Rule rule,
                    int ply, uint64_t key, const SearchInfo& info) {
  if (ply < 0 || ply > static_cast<int>(line.size())) return;
  const Color side = ply % 2 == 0 ? Color::Black : Color::White;
  int score = info.score, depth = info.completedDepth;
  if (!info.finished || info.bestMove == kNullPoint) {
    if (info.iterations.empty()) return;
    score = info.iterations.back().score;
    depth = info.iterations.back().depth;
  }
  depth = std::max(1, depth);
  memory.record(ply, key, side, score, depth);
  // The move the search chose, once the game played it: the position after it has the same
  // evaluation (from black's view), one ply shallower.
  if (!info.finished || ply >= static_cast<int>(line.size()) ||
      line[static_cast<size_t>(ply)] != info.bestMove) {
    return;
  }
  Board board(size, rule);
  for (int i = 0; i < ply; ++i) {
    if (!board.isEmpty(line[static_cast<size_t>(i)])) return;
    board.place(line[static_cast<size_t>(i)]);
  }
  if (board.key() != key || !board.isEmpty(info.bestMove)) return;
  board.place(info.bestMove);
  if (board.lastMoveWon()) return;  // the chart knows a five without a search
  memory.record(ply + 1, board.key(), opponent(side), -score, std::max(1, depth - 1));
}

std::string scoreForText(int score, Color side) {
  if (isMateScore(score)) {
    const int moves = (mateDistance(score) + 1) / 2;
    const char* winner = colorName(score > 0 ? side : opponent(side));
    if (moves <= 0) return std::string(winner) + " has won";
    return std::string(winner) + " wins in " + std::to_string(moves);
  }
  return scoreToText(score) + " for " + colorName(side);
}

int chartPlyAt(float x, int points) {
  if (points <= 1) return 0;
  const int ply =
      static_cast<int>(std::lround(std::clamp(x, 0.0f, 1.0f) * static_cast<float>(points - 1)));
  return std::clamp(ply, 0, points - 1);
}

// ---------------------------------------------------------------- search statistics

StatsSampler::StatsSampler(int64_t intervalMs, size_t capacity)
    : baseInterval_(std::max<int64_t>(1, intervalMs)),
      interval_(baseInterval_),
      capacity_(std::max<size_t>(4, capacity)) {}

void StatsSampler::reset() {
  searchId_ = 0;
  interval_ = baseInterval_;
  sampled_ = false;
  lastSampleMs_ = 0;
  samples_.clear();
  nodes_.clear();
  speed_.clear();
}

bool StatsSampler::observe(const SearchInfo& info, int64_t nowMs) {
  if (info.searchId == 0) return false;
  if (info.searchId != searchId_) {
    reset();
    searchId_ = info.searchId;
  }
  if (info.nodes == 0 && info.elapsedMs == 0) return false;  // nothing published yet
  if (sampled_ && nowMs - lastSampleMs_ < interval_) return false;
  const double seconds = static_cast<double>(info.elapsedMs) / 1000.0;
  if (!samples_.empty() && samples_.back().seconds == seconds &&
      samples_.back().nodes == info.nodes) {
    return false;  // the engine has not published since the last sample
  }
  sampled_ = true;
  lastSampleMs_ = nowMs;
  push({seconds, info.nodes, info.nps});
  return true;
}

void StatsSampler::push(const StatSample& s) {
  if (samples_.size() >= capacity_) {
    // Halve the resolution: keep every other sample, sample half as often from now on.
    size_t kept = 0;
    for (size_t i = 0; i < samples_.size(); i += 2) samples_[kept++] = samples_[i];
    samples_.resize(kept);
    interval_ *= 2;
    nodes_.clear();
    speed_.clear();
    for (const StatSample& old : samples_) {
      nodes_.push_back(static_cast<float>(old.nodes));
      speed_.push_back(static_cast<float>(old.nps));
    }
  }
  samples_.push_back(s);
  nodes_.push_back(static_cast<float>(s.nodes));
  speed_.push_back(static_cast<float>(s.nps));
}

// ---------------------------------------------------------------- iterations and root moves

std::vector<IterationPoint> iterationSeries(const SearchInfo& info) {
  std::vector<IterationPoint> series;
  series.reserve(info.iterations.size());
  for (const IterationInfo& it : info.iterations) {
    IterationPoint p;
    p.depth = it.depth;
    p.score = it.score;
    p.chance = static_cast<float>(winProbability(it.score, info.rule));
    p.bestMove = it.bestMove;
    p.bestChanged = !series.empty() && series.back().bestMove != it.bestMove;
    p.nodes = it.nodes;
    series.push_back(p);
  }
  return series;
}

std::string researchText(const IterationInfo& it) {
  auto part = [](const char* what, int n) {
    std::string text = what;
    if (n > 1) text += " x" + std::to_string(n);
    return text;
  };
  std::string text;
  if (it.failLows > 0) text = part("fail low", it.failLows);
  if (it.failHighs > 0) text += (text.empty() ? "" : ", ") + part("fail high", it.failHighs);
  return text;
}

std::string scoreMoveText(const std::vector<IterationInfo>& rows, size_t i) {
  if (i >= rows.size()) return "";
  const IterationInfo& it = rows[i];
  std::string text = "Depth " + std::to_string(it.depth) + ": " + scoreToText(it.score) + ".";
  auto change = [&](const IterationInfo& before) {
    if (isMateScore(it.score) || isMateScore(before.score)) {
      return std::string(" Depth ") + std::to_string(before.depth) + " said " +
             scoreToText(before.score);
    }
    const int d = it.score - before.score;
    return std::string(" ") + (d >= 0 ? "+" : "") + std::to_string(d) + " since depth " +
           std::to_string(before.depth);
  };
  if (i > 0) text += change(rows[i - 1]) + ".";
  // The nearest earlier depth of the same parity: the like-with-like comparison.
  for (size_t j = i; j-- > 0;) {
    if ((rows[j].depth - it.depth) % 2 == 0) {
      if (j + 1 != i) text += change(rows[j]) + " (the same parity: like with like).";
      break;
    }
  }
  if (i > 0 && rows[i - 1].depth % 2 != it.depth % 2) {
    text +=
        "\nOdd and even depths end on different sides' moves, so their scores differ by "
        "whose\nturn the search stopped on; compare a depth with the one two before it.";
  }
  if (it.failHighs > 0) {
    text +=
        "\nFail high: the score came out above the window expected from the last depth "
        "(a better\nline was found), so the root was searched again with a wider window.";
  }
  if (it.failLows > 0) {
    text +=
        "\nFail low: the score came out below the window expected from the last depth "
        "(the best\nline got worse), so the root was searched again with a wider window.";
  }
  if (it.failHighs == 0 && it.failLows == 0 && i > 0 && it.depth >= 4)
    text += "\nThe score stayed inside the aspiration window: no re-search.";
  return text;
}

std::vector<RootRow> rootRows(const SearchInfo& info) {
  std::vector<RootRow> rows;
  rows.reserve(info.rootMoves.size());
  for (size_t i = 0; i < info.rootMoves.size(); ++i) {
    const RootMoveInfo& m = info.rootMoves[i];
    rows.push_back({m.move, m.score, m.nodes, m.depth, static_cast<int>(i)});
  }
  return rows;
}

void sortRootRows(std::vector<RootRow>& rows, RootColumn column, bool ascending) {
  auto key = [column](const RootRow& m) -> int64_t {
    switch (column) {
      case RootColumn::Rank:
        return m.rank;
      case RootColumn::Move:
        return static_cast<int64_t>(pointX(m.move)) * 64 + pointY(m.move);
      case RootColumn::Score:
        return m.score;
      case RootColumn::Nodes:
        return static_cast<int64_t>(m.nodes);
      case RootColumn::Depth:
        return m.depth;
    }
    return 0;
  };
  // Moves the search has not scored yet (depth 0) carry no real score: they go last.
  const bool scoreColumn = column == RootColumn::Score;
  std::stable_sort(rows.begin(), rows.end(), [&](const RootRow& a, const RootRow& b) {
    if (scoreColumn && (a.depth > 0) != (b.depth > 0)) return a.depth > 0;
    if (key(a) != key(b)) return ascending ? key(a) < key(b) : key(a) > key(b);
    return a.rank < b.rank;
  });
}

// ---------------------------------------------------------------- text

std::string formatCount(uint64_t n) {
  char text[32];
  const double v = static_cast<double>(n);
  if (n < 1000) {
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(n));
  } else if (n < 1000000) {
    std::snprintf(text, sizeof text, v < 1e4 ? "%.2fk" : v < 1e5 ? "%.1fk" : "%.0fk", v / 1e3);
  } else if (n < 1000000000) {
    std::snprintf(text, sizeof text, v < 1e7 ? "%.2fM" : v < 1e8 ? "%.1fM" : "%.0fM", v / 1e6);
  } else {
    std::snprintf(text, sizeof text, "%.2fG", v / 1e9);
  }
  return text;
}

std::string speedText(const SearchInfo& info) {
  if (info.nodes == 0) return "-";
  if (info.elapsedMs <= 0) return formatCount(info.nodes) + " nodes in < 1 ms";
  const uint64_t nps =
      info.nps > 0 ? info.nps : info.nodes * 1000 / static_cast<uint64_t>(info.elapsedMs);
  return formatCount(nps) + "/s";
}

std::string elapsedText(int64_t ms) {
  if (ms <= 0) return "< 1 ms";
  char text[32];
  if (ms < 1000) {
    std::snprintf(text, sizeof text, "%lld ms", static_cast<long long>(ms));
  } else {
    std::snprintf(text, sizeof text, "%.1f s", static_cast<double>(ms) / 1000.0);
  }
  return text;
}

std::string provenText(int score) {
  if (!isMateScore(score)) return "";
  return "forced " + scoreToText(score);
}

double share(uint64_t part, uint64_t whole) {
  return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

}  // namespace gomoku::gui
