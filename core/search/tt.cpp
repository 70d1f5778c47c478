#include "core/search/tt.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace gomoku {

namespace {
constexpr uint64_t kMapOnClearBytes = uint64_t(256) << 20;

// Asks the system to back the table with 2 MiB pages where it can (Linux, with transparent
// huge pages in "madvise" mode, as Debian and Ubuntu ship them). A probe lands on a random
// bucket, and with 4 KiB pages nearly every one also misses the TLB: the prefetch of the
// next position's bucket was the search's costliest instruction. Only the 2 MiB-aligned
// stretch inside the allocation can be given such pages. A hint: if refused, nothing changes.
void adviseHugePages(void* memory, uint64_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr uintptr_t kHuge = uintptr_t(2) << 20;
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(memory) + kHuge - 1) & ~(kHuge - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(memory) + bytes) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)memory;
  (void)bytes;
#endif
}
}  // namespace

// data layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 + generation 6
uint64_t TranspositionTable::pack(Point move, int score, int eval, int depth, Bound bound,
                                  uint8_t gen) {
  return uint64_t(move) | uint64_t(uint16_t(int16_t(score))) << 16 |
         uint64_t(uint16_t(int16_t(eval))) << 32 | uint64_t(uint8_t(int8_t(depth))) << 48 |
         uint64_t(uint8_t(bound) | (gen << 2)) << 56;
}

TranspositionTable::TranspositionTable(int megabytes) { resize(megabytes); }

void TranspositionTable::resize(int megabytes) {
  megabytes = std::clamp(megabytes, 1, kMaxTableMb);
  uint64_t bytes = uint64_t(megabytes) << 20;
  uint64_t count = 1;
  while (count * 2 * sizeof(Bucket) <= bytes) count *= 2;  // power of two: index by mask
  generation_.store(0, std::memory_order_relaxed);
  if (memory_ && count > bucketCount_) {
    // Growing: the table there is stays until a larger one is had (a manager's hash_size may
    // ask for more than the system gives; the game goes on with what it had).
    if (!allocate(count, bucketCount_ * 2)) {
      clear();  // a resize starts empty, kept table or not
      return;
    }
  } else {
    // A new size needs a new allocation; the old one goes first, so the new one fits where it
    // did.
    release();
    allocate(count, 1);
  }
  megabytes_.store(bucketCount_ == count ? megabytes : heldMegabytes(), std::memory_order_relaxed);
}

bool TranspositionTable::allocate(uint64_t count, uint64_t fewest) {
  for (; count >= fewest && count > 0; count /= 2) {
    void* raw = std::calloc(count + 1, sizeof(Bucket));  // one spare bucket for alignment
    if (!raw) continue;
    adviseHugePages(raw, (count + 1) * sizeof(Bucket));
    memory_.reset(raw);
    buckets_ = reinterpret_cast<Bucket*>((reinterpret_cast<uintptr_t>(raw) + alignof(Bucket) - 1) &
                                         ~uintptr_t(alignof(Bucket) - 1));
    bucketCount_ = count;
    // Zero, but not mapped yet: the next clear maps it, up to a size mapped quickly (64 MiB:
    // about 40 ms). A larger table is left to fault in where the searches touch it, and is
    // allocated afresh rather than zeroed when cleared: mapping 1 GiB took 0.6-2.9 s, more
    // than a game's searches may ever touch.
    dirty_.store(count * sizeof(Bucket) <= kMapOnClearBytes, std::memory_order_relaxed);
    return true;
  }
  return false;
}

void TranspositionTable::release() {
  memory_.reset();
  spare_ = Bucket{};
  buckets_ = &spare_;
  bucketCount_ = 1;
  dirty_.store(false, std::memory_order_relaxed);
}

namespace {
uint64_t loadWord(const uint64_t& word) {
  return std::atomic_ref<uint64_t>(const_cast<uint64_t&>(word)).load(std::memory_order_relaxed);
}
void storeWord(uint64_t& word, uint64_t value) {
  std::atomic_ref<uint64_t>(word).store(value, std::memory_order_relaxed);
}
}  // namespace

// A new table is a fresh calloc: for a large table the system hands out zero pages lazily,
// so resizing costs nothing up front (storing zeros into every slot was 11.6 % of the
// instructions of `gomoku-bench search --depth 6`, callgrind). Its pages are mapped by the
// first clear() after that, or else by the searches that first touch them. Clearing a table
// that exists zeroes the memory it has: allocating afresh would make every game's searches
// fault the whole table in again, 16k page faults for 64 MiB, paid inside the moves' time
// (and slower still with helper threads faulting at once). The buckets are plain words, so
// zeroed memory is an empty table.
void TranspositionTable::clear() {
  generation_.store(0, std::memory_order_relaxed);
  const uint64_t count = bucketCount_;
  const uint64_t bytes = count * sizeof(Bucket);
  if (memory_ && bytes > kMapOnClearBytes && dirty_.load(std::memory_order_relaxed)) {
    // Large: a fresh lazy allocation again (see allocate()). The old one goes first, so the
    // same size is there to be had; should the system refuse it all the same, the largest
    // smaller table it gives (this runs on the engine's thread: nothing may throw here).
    release();
    allocate(count, 1);
    if (bucketCount_ != count) megabytes_.store(heldMegabytes(), std::memory_order_relaxed);
    return;
  }
  if (dirty_.load(std::memory_order_relaxed)) std::memset(static_cast<void*>(buckets_), 0, bytes);
  dirty_.store(false, std::memory_order_relaxed);
}

bool TranspositionTable::probe(uint64_t key, TTEntry& out) const {
  const Bucket& b = buckets_[key & (bucketCount_ - 1)];
  for (const Slot& s : b.slot) {
    uint64_t data = loadWord(s.data);
    if ((loadWord(s.check) ^ data) != key || data == 0) continue;
    out.move = Point(data & 0xFFFF);
    out.score = int16_t(data >> 16);
    out.eval = int16_t(data >> 32);
    out.depth = int8_t(data >> 48);
    out.bound = Bound((data >> 56) & 3);
    return true;
  }
  return false;
}

void TranspositionTable::store(uint64_t key, Point move, int score, int eval, int depth,
                               Bound bound) {
  // Everything must fit its packed field: a score or depth out of range would come back as
  // another value from probe().
  assert(score >= INT16_MIN && score <= INT16_MAX && "TT score fits 16 bits");
  assert(eval >= INT16_MIN && eval <= INT16_MAX && "TT eval fits 16 bits");
  assert(depth >= INT8_MIN && depth <= INT8_MAX && "TT depth fits 8 bits");
  assert((move == kNullPoint || move < kPointCount) && "TT move is a point or none");
  assert(int(bound) <= 3 && "TT bound fits 2 bits");
  if (!dirty_.load(std::memory_order_relaxed)) dirty_.store(true, std::memory_order_relaxed);
  Bucket& b = buckets_[key & (bucketCount_ - 1)];
  const int generation = generation_.load(std::memory_order_relaxed);
  Slot* victim = &b.slot[0];
  int victimWorth = 1 << 30;
  for (Slot& s : b.slot) {
    uint64_t data = loadWord(s.data);
    if ((loadWord(s.check) ^ data) == key) {
      // Same position: keep the old move if the new result has none; keep deeper results of
      // this search unless the new one is exact.
      int oldDepth = int8_t(data >> 48);
      if (bound != Bound::Exact && depth < oldDepth - 2 &&
          int((data >> 58) & 0x3F) == generation)
        return;
      if (move == kNullPoint) move = Point(data & 0xFFFF);
      victim = &s;
      break;
    }
    int age = (generation - int((data >> 58) & 0x3F)) & 0x3F;
    int worth = data == 0 ? -1000 : int(int8_t(data >> 48)) - 8 * age;
    if (worth < victimWorth) {
      victimWorth = worth;
      victim = &s;
    }
  }
  uint64_t data = pack(move, score, eval, std::clamp(depth, -100, 127), bound, uint8_t(generation));
  storeWord(victim->data, data);
  storeWord(victim->check, key ^ data);
}

}  // namespace gomoku
