// How much later than the brain's own deadline a reply may reach the test: pipes and the
// scheduler on a busy CI machine (the suites that time replies run alone - RUN_SERIAL in
// tests/CMakeLists.txt - but the brains and the test still share it). Sanitizer builds run
// everything several times slower, test runner included, so they get a wider margin; the
// release build keeps the tight one.
#pragma once

#include <cstdint>

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define GOMOKU_TESTS_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define GOMOKU_TESTS_SANITIZED 1
#endif
#endif

namespace gomoku::testing {

#ifdef GOMOKU_TESTS_SANITIZED
constexpr int64_t kReplySlackMs = 300;
#else
constexpr int64_t kReplySlackMs = 60;
#endif

}  // namespace gomoku::testing
