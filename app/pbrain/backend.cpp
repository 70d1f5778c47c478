#include "app/pbrain/backend.h"

#include "app/pbrain/quick_move.h"

namespace gomoku::pbrain {

void QuickBackend::start(const Board& position, const Limits& limits) {
  ++starts;
  stopped = false;
  lastLimits = limits;
  lastPosition = position;
  result_ = SearchInfo{};
  result_.searchId = static_cast<uint64_t>(starts);
  Board scratch = position;
  std::optional<Point> move = forcedMove ? forcedMove : quickMove(scratch, {});
  if (move) {
    result_.bestMove = *move;
    result_.pv = {*move};
    result_.depth = result_.completedDepth = result_.selDepth = 1;
    result_.nodes = 1;
    IterationInfo it;
    it.depth = 1;
    it.bestMove = *move;
    it.pv = {*move};
    it.nodes = 1;
    result_.iterations.push_back(it);
    RootMoveInfo root;
    root.move = *move;
    root.depth = 1;
    root.pv = {*move};
    result_.rootMoves.push_back(root);
  }
}

SearchInfo QuickBackend::progress() {
  SearchInfo info = result_;
  info.finished = !holdUntilStopped || stopped;
  info.running = !info.finished;
  return info;
}

}  // namespace gomoku::pbrain
