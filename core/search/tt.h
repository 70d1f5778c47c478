// Transposition table: Zobrist-keyed, sized in MiB, 4 entries per 64-byte bucket, replacement
// by depth and age. Entries are two words (key xor data, data) read and written as relaxed
// atomics (std::atomic_ref), so threads may share the table without locks and a torn write is
// detected and ignored.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "core/board/types.h"

namespace gomoku {

enum class Bound : uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
  Point move = kNullPoint;
  int16_t score = 0;
  int16_t eval = 0;
  int8_t depth = 0;
  Bound bound = Bound::None;
};

// The table's size when nothing asks for another (the engine's, the GUI's and the brain's).
constexpr int kDefaultTableMb = 64;
// The largest table made; a larger size asked for is this one.
constexpr int kMaxTableMb = 4096;

class TranspositionTable {
 public:
  explicit TranspositionTable(int megabytes = kDefaultTableMb);
  // Never throws: a table is memory the system may refuse (a manager's hash_size, a ulimit),
  // and a search must go on whatever it gets. A larger table that cannot be had keeps the one
  // there is, or takes the largest size between the two that can; a smaller one, or a first
  // one, is the largest that can be had up to the size asked (halving; at worst one bucket
  // kept inside the object). megabytes() says what was had.
  void resize(int megabytes);
  // Empties the table. Zeroing it also makes the system map its pages now, so a clear made
  // outside the moves' time (the engine's worker does it between searches) spares the first
  // searches thousands of page faults. A table that holds nothing is skipped (unless it is
  // new and at most 256 MiB: then it is zeroed to map it).
  void clear();
  void newSearch() {
    generation_.store(static_cast<uint8_t>((generation_.load() + 1) & 0x3F), std::memory_order_relaxed);
  }
  // The size asked for, or, when less memory could be had, the table's own size (0: under
  // 1 MiB).
  int megabytes() const { return megabytes_.load(std::memory_order_relaxed); }

  bool probe(uint64_t key, TTEntry& out) const;
  // Starts loading the bucket of `key` into the cache (a probe for it comes soon).
  void prefetch(uint64_t key) const { __builtin_prefetch(&buckets_[key & (bucketCount_ - 1)]); }
  void store(uint64_t key, Point move, int score, int eval, int depth, Bound bound);

 private:
  // Plain words, so a zeroed allocation is a valid empty table (see clear()); every access
  // goes through std::atomic_ref.
  struct Slot {
    uint64_t check;  // key ^ data
    uint64_t data;
  };
  struct alignas(64) Bucket {
    Slot slot[4];
  };
  struct Free {
    void operator()(void* p) const { std::free(p); }
  };
  static uint64_t pack(Point move, int score, int eval, int depth, Bound bound, uint8_t gen);
  // A fresh zeroed allocation of `count` buckets, or of the largest power of two down to
  // `fewest` that can be had; false (the table untouched) if none can.
  bool allocate(uint64_t count, uint64_t fewest);
  // Frees the allocation; the table is the spare bucket until the next allocate().
  void release();
  // The size of the table there is, in MiB (0 under 1 MiB): what megabytes() says once less
  // than asked could be had.
  int heldMegabytes() const { return int((bucketCount_ * sizeof(Bucket)) >> 20); }

  std::unique_ptr<void, Free> memory_;  // the allocation; buckets_ is its first 64-byte boundary
  Bucket spare_{};                      // the table when no memory at all could be had
  Bucket* buckets_ = &spare_;
  uint64_t bucketCount_ = 1;
  // Atomic: clear() on the engine's thread may shrink the table (memory refused) while the GUI
  // reads the size.
  std::atomic<int> megabytes_{0};
  std::atomic<uint8_t> generation_{0};  // bumped by the main thread while helpers store
  // Something to zero: entries stored, or a fresh allocation to map (see clear()).
  // Read by every store (set once, then only read: the cache line stays shared).
  std::atomic<bool> dirty_{true};
};

}  // namespace gomoku
