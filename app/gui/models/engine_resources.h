// The built-in engine's resources as the program offers them: Lazy SMP search threads and the
// transposition table's size. The settings file, the command line and the Settings panel share
// these limits and choices, so a value one of them accepts is accepted by the others.
#pragma once

#include <array>

#include "core/search/tt.h"

namespace gomoku::gui {

constexpr int kMaxEngineThreads = 64;  // the engine runs at most 64 (core/search/engine.cpp)
constexpr int kDefaultHashMb = kDefaultTableMb;
// Powers of two: the table's buckets are indexed by the key's low bits, and a short list is
// easier to choose from than a free number.
inline constexpr std::array<int, 7> kHashChoicesMb = {16, 32, 64, 128, 256, 512, 1024};

struct EngineResources {
  int threads = 1;  // search threads; 1 = no Lazy SMP helpers
  int hashMb = kDefaultHashMb;
  bool operator==(const EngineResources&) const = default;
};

// This machine's hardware threads, 1..kMaxEngineThreads (1 when the system does not say).
int hardwareThreads();
// `threads` within 1..hardwareThreads(): Lazy SMP helpers beyond the cores only take turns
// with the main thread and make it slower.
int usableThreads(int threads);
bool isHashChoice(int mb);
// "16, 32, 64, 128, 256, 512 or 1024", for messages.
const char* hashChoicesText();

}  // namespace gomoku::gui
