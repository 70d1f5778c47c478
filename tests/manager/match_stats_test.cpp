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

TEST_CASE("pairs: Elo, margin, LOS and SPRT of the pentanomial model, against a worked example") {
  // 100 pairs: 5 with 0 points for engine 1, 10 with 1/2, 50 with 1, 20 with 3/2, 15 with 2.
  // Shares 0, 1/4, 1/2, 3/4, 1: mean (2.5 + 25 + 15 + 15) / 100 = 0.575, Elo 52.51; variance
  // of a pair's share 0.063125, standard error sqrt(0.063125 / 100) = 0.025125, 95%: 0.575 +-
  // 0.049244 -> margin 35.13; LOS = 0.5 (1 + erf(0.075 / (0.025125 sqrt 2))) = 0.99858.
  // SPRT elo0 0, elo1 10: LLR = 100 x 0.014387 x (1.15 - 1.014387) / (2 x 0.063125) = 1.5454.
  PairScore p;
  for (int i = 0; i < 5; ++i) p.add(0, 0);
  for (int i = 0; i < 10; ++i) p.add(0, 0.5);
  for (int i = 0; i < 50; ++i) p.add(i % 2 ? 1 : 0.5, i % 2 ? 0 : 0.5);  // a win and a loss, or two draws
  for (int i = 0; i < 20; ++i) p.add(1, 0.5);
  for (int i = 0; i < 15; ++i) p.add(1, 1);
  CHECK(p.pairs() == 100);
  CHECK(p.counts[0] == 5);
  CHECK(p.counts[1] == 10);
  CHECK(p.counts[2] == 50);
  CHECK(p.counts[3] == 20);
  CHECK(p.counts[4] == 15);
  CHECK(p.ratio() == doctest::Approx(0.575));
  EloEstimate e = estimateEloByPairs(p);
  CHECK(e.elo == doctest::Approx(52.51).epsilon(0.001));
  CHECK(e.margin == doctest::Approx(35.13).epsilon(0.002));
  CHECK(e.los == doctest::Approx(0.99858).epsilon(0.0005));
  SprtStatus st = sprtByPairs(p, SprtParameters{});
  CHECK(st.llr == doctest::Approx(1.5454).epsilon(0.002));
  CHECK(st.verdict == SprtVerdict::Continue);
  // The same 200 games counted one by one (100 wins, 70 losses, 30 draws) give the same Elo
  // with a margin of 45.08: the pairs' evenness is read as spread.
  EloEstimate games = estimateElo({100, 70, 30});
  CHECK(games.elo == doctest::Approx(e.elo));
  CHECK(games.margin == doctest::Approx(45.08).epsilon(0.002));
}

TEST_CASE("pairs: no pairs, one kind of pair only, a whitewash, and verdicts") {
  PairScore none;
  CHECK(none.ratio() == 0.5);
  CHECK(estimateEloByPairs(none).elo == 0);
  CHECK(sprtByPairs(none, SprtParameters{}).llr == 0);
  PairScore even;  // every pair a win each: no spread at all
  for (int i = 0; i < 30; ++i) even.add(1, 0);
  EloEstimate e = estimateEloByPairs(even);
  CHECK(e.elo == doctest::Approx(0.0));
  CHECK(e.margin == doctest::Approx(0.0));
  CHECK(e.los == doctest::Approx(0.5));
  CHECK(sprtByPairs(even, SprtParameters{}).verdict == SprtVerdict::Continue);  // no spread: no information
  PairScore all;
  for (int i = 0; i < 10; ++i) all.add(1, 1);
  CHECK(std::isinf(estimateEloByPairs(all).elo));
  CHECK(std::isinf(estimateEloByPairs(all).margin));
  CHECK(estimateEloByPairs(all).los == 1.0);
  // 400 pairs each: 3/2 and 1 points in turn (a share of 0.625), and 1/2 and 1 (0.375).
  PairScore strong, weak;
  for (int i = 0; i < 200; ++i) {
    strong.add(1, 0.5), strong.add(1, 0);
    weak.add(0, 0.5), weak.add(1, 0);
  }
  CHECK(sprtByPairs(strong, SprtParameters{}).verdict == SprtVerdict::AcceptH1);
  CHECK(sprtByPairs(weak, SprtParameters{}).verdict == SprtVerdict::AcceptH0);
}
