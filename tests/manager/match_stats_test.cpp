// Elo, its error margin, LOS and the SPRT log-likelihood ratio against worked examples.
#include <doctest/doctest.h>

#include <cmath>

#include "core/manager/match_stats.h"

using namespace gomoku;

TEST_CASE("elo: 60 wins, 40 losses") {
  // s = 0.6; Elo = -400 log10(1/0.6 - 1) = 70.44. Per-game variance 0.24, standard error of
  // the mean sqrt(0.24/100) = 0.04899, 95%: 0.6 +- 0.09602 -> Elo 2.77 .. 143.91, margin 70.57.
  // LOS = 0.5 (1 + erf(20 / sqrt(200))) = 0.97725.
  MatchScore s{60, 40, 0};
  EloEstimate e = estimateElo(s);
  CHECK(e.elo == doctest::Approx(70.44).epsilon(0.001));
  CHECK(e.margin == doctest::Approx(70.57).epsilon(0.002));
  CHECK(e.los == doctest::Approx(0.97725).epsilon(0.0005));
}

TEST_CASE("elo: even score, draws, and a whitewash") {
  EloEstimate even = estimateElo({30, 30, 40});
  CHECK(even.elo == doctest::Approx(0.0));
  CHECK(even.los == doctest::Approx(0.5));
  EloEstimate none = estimateElo({});
  CHECK(none.elo == 0);
  EloEstimate all = estimateElo({10, 0, 0});
  CHECK(std::isinf(all.elo));
  CHECK(all.elo > 0);
  CHECK(std::isinf(all.margin));
  CHECK(expectedScore(0) == doctest::Approx(0.5));
  CHECK(eloFromScore(expectedScore(123.0)) == doctest::Approx(123.0));
}

TEST_CASE("sprt: the log-likelihood ratio of a worked example, bounds and verdicts") {
  // elo0 = 0 -> s0 = 0.5; elo1 = 10 -> s1 = 1 / (1 + 10^(-10/400)) = 0.514387.
  // W 60 L 40 D 0: mean 0.6, variance 0.24.
  // LLR = N (s1 - s0)(2 mean - s0 - s1) / (2 var) = 100 * 0.014387 * 0.185613 / 0.48 = 0.5563.
  SprtParameters p;  // elo0 0, elo1 10, alpha = beta = 0.05
  SprtStatus st = sprt({60, 40, 0}, p);
  CHECK(st.llr == doctest::Approx(0.5563).epsilon(0.002));
  CHECK(st.lower == doctest::Approx(std::log(0.05 / 0.95)));
  CHECK(st.upper == doctest::Approx(std::log(0.95 / 0.05)));
  CHECK(st.verdict == SprtVerdict::Continue);
  CHECK(sprt({600, 400, 0}, p).verdict == SprtVerdict::AcceptH1);  // LLR 5.56
  CHECK(sprt({400, 600, 0}, p).verdict == SprtVerdict::AcceptH0);
  CHECK(sprt({}, p).llr == 0);
  CHECK(checkSprtParameters({10, 0, 0.05, 0.05}));  // elo1 below elo0
  CHECK(checkSprtParameters({0, 10, 0.7, 0.05}));
  CHECK_FALSE(checkSprtParameters(p));
}
