// Threat-space solvers: VCF (victory by continuous fours) and VCT (by continuous threats,
// threes and fours). An AND-OR search: the attacker plays only threats; the defender plays
// every move that answers them (the block of a four; against a three the defending points and
// its own fours, which the attacker must block in turn). Renju-aware: black never plays a
// forbidden point, and a four whose only block is forbidden for black wins.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/board/board.h"
#include "core/search/movegen.h"

namespace gomoku {

// VctWide: the VCT's threats also include quiet moves (an open two, a closed three, a double
// two: anything short of an open three) that threaten a VCF - after which the attacker, were
// the defender to pass, wins by fours - in a sequence two fewer than its threats, from one up
// to three (the deepening on threats deepens on them too). The defender may then answer
// with any move of the candidate area; those after which the attacker has no VCF are searched
// on. Finds the wins that need such a move on the way (a renju player's fukumi move); slower
// by far, so for the root's solver only.
enum class ThreatMode { Vcf, Vct, VctWide };

// Which threats the attacker tries. Full: all of them. Connected: after its first threat, only
// threats on a line through its previous one, at most 4 points away - the threats that stone
// made possible. Faster by far (most failed searches end sooner), but incomplete: a win that
// needs a threat prepared elsewhere is not found. A win it finds is real (every defence is
// still tried). For the search's leaves, where the budget is small anyway.
enum class ThreatScope { Full, Connected };

class ThreatSolver {
 public:
  ThreatSolver();
  ~ThreatSolver();

  // Does the side to move win by threats of the given kind, using at most maxThreats of its
  // own threat moves and at most maxNodes nodes? On success `line` (if given) holds the main
  // line: attacker and defender moves alternating, ending with the five.
  bool solve(Board& board, ThreatMode mode, int maxThreats, uint64_t maxNodes,
             std::vector<Point>* line = nullptr, ThreatScope scope = ThreatScope::Full);

  // With a line asked for, the defender's move in it is the answer that holds out longest,
  // so the line's length is the proof's "win in" (by default it is the first answer tried,
  // which can be shorter: a renju puzzle's win in 4 that three counter-fours make a win in 7).
  // Slower: a cached win cannot stand in for a line, so every answer's subtree is proved
  // again with one (the solver bench: 12.4 M nodes instead of 8.9 M, 56 of 83 wins found in
  // 2 M nodes each instead of 58). So the game layer's checks use it, and the search's root
  // only for a second proof of a win its first, plain proof found (for the line it shows).
  void setLongestLines(bool on) { longestLines_ = on; }
  uint64_t nodes() const { return nodes_; }
  void clearCache();
  // Makes solve() give up (returning false) once `stop` is set or the deadline passes;
  // checked every 256 nodes. A null stop and a default deadline mean "never".
  void setAbort(const std::atomic<bool>* stop, std::chrono::steady_clock::time_point deadline);

 private:
  bool attacker(Board& b, int depth, std::vector<Point>* line);
  bool defender(Board& b, int depth, std::vector<Point>* line);
  bool quietThreats(Board& b, int depth, std::vector<Point>* line);
  bool defendVcfThreat(Board& b, int depth, MoveList& answers, std::vector<Point>* line);
  template <class Loses>
  bool everyAnswerLoses(Board& b, MoveList& answers, std::vector<Point>* line, Loses loses);
  bool vcfAfterPass(Board& b, std::vector<Point>* line);
  bool replayWins(Board& b, const std::vector<Point>& line, std::vector<Point>* played);
  bool vcfNow(Board& b, std::vector<Point>* line, ThreatScope scope = ThreatScope::Full);
  void appendDelayingLine(Board& b, int depth, std::vector<Point>* line);
  bool outOfBudget();
  // The cache keeps what a position came to: a fail with `depth` threats left (so also with
  // fewer) or a win with `depth` threats (so also with more), at a level: 0 for VCF, 1 for VCT,
  // 1 + n for a wide VCT with n quiet threats left. A win serves the levels above its own, a
  // fail those below down to VCT. A fail of a connected search serves only connected searches;
  // a full search's fail serves both.
  int level() const;
  bool cachedFail(uint64_t key, int depth) const;
  bool cachedWin(uint64_t key, int depth) const;
  void remember(uint64_t key, int depth, bool win);

  ThreatMode mode_ = ThreatMode::Vcf;
  ThreatScope scope_ = ThreatScope::Full;
  int quietLeft_ = 0;  // wide VCT: quiet threats the sequence may still use
  int startStones_ = 0;  // stones on the board when solve() began
  uint64_t nodes_ = 0;
  uint64_t budget_ = 0;
  bool aborted_ = false;
  bool longestLines_ = false;
  uint32_t checkCountdown_ = 1;  // calls of outOfBudget() until it next reads the clock
  const std::atomic<bool>* stop_ = nullptr;
  std::chrono::steady_clock::time_point deadline_{};
  // One word an entry (the table is read at every attacker node: at 16 bytes an entry it
  // missed the L2 cache). The entry's index is the key's low 16 bits; 46 of the other 48 check
  // it (a false match once in 7 x 10^13 probes), and 3 bits hold the level (up to 1 + 3).
  struct CacheEntry {
    uint64_t lock : 46;
    uint64_t depth : 7;
    uint64_t used : 1;
    uint64_t level : 3;
    uint64_t win : 1;
    uint64_t connectedFail : 1;  // a fail of a connected search (see ThreatScope)
  };
  static_assert(sizeof(CacheEntry) == 8, "a solver cache entry is one word");
  std::vector<CacheEntry> cache_;
  // Move lists of the recursion, one per level, on the heap: a VCF can be 200 levels deep and
  // the solver must run on a 512 KiB thread stack.
  class FrameList;
  std::vector<std::unique_ptr<MoveList>> frames_;
  size_t level_ = 0;
  // The wide VCT's VCF probes: a solver of its own (with its own cache), made when first needed.
  std::unique_ptr<ThreatSolver> probe_;
};

}  // namespace gomoku
