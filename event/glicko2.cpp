#include "event/glicko2.hpp"

#include <cassert>
#include <cmath>
#include <numbers>

namespace parley::event {

namespace {

constexpr double kScale = 173.7178;  // Glicko-2's scale factor (400 / ln 10)
constexpr double kEpsilon = 0.000001;

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }

}  // namespace

GlickoRating glicko2_update(const GlickoRating& player, std::span<const GlickoGame> games, double tau) {
  // Step 2: to the Glicko-2 scale.
  const double mu = (player.rating - 1500.0) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  if (games.empty()) {
    // A period without games: the deviation grows, nothing else changes.
    return {player.rating, kScale * std::sqrt(phi * phi + sigma * sigma), sigma};
  }
  // Steps 3 and 4: the estimated variance v and the improvement Δ.
  double v_inv = 0.0, sum = 0.0;
  for (const GlickoGame& game : games) {
    const double mu_j = (game.opponent.rating - 1500.0) / kScale;
    const double phi_j = game.opponent.deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    v_inv += g(phi_j) * g(phi_j) * e * (1.0 - e);
    sum += g(phi_j) * (game.score - e);
  }
  const double v = 1.0 / v_inv;
  const double delta = v * sum;
  // Step 5: the new volatility, by the Illinois algorithm.
  const double a = std::log(sigma * sigma);
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  double A = a;
  double B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    double k = 1.0;
    while (f(a - k * tau) < 0.0) k += 1.0;
    B = a - k * tau;
  }
  double fA = f(A), fB = f(B);
  while (std::abs(B - A) > kEpsilon) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0.0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2.0;
    }
    B = C;
    fB = fC;
  }
  const double sigma_new = std::exp(A / 2.0);
  // Steps 6 and 7: the new deviation and rating.
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  // Step 8: back to the Glicko scale.
  return {kScale * mu_new + 1500.0, kScale * phi_new, sigma_new};
}

std::vector<GlickoRating> glicko2_period(std::span<const GlickoRating> ratings, std::span<const GlickoResult> games,
                                         double tau) {
  std::vector<std::vector<GlickoGame>> per(ratings.size());
  for (const GlickoResult& r : games) {
    assert(r.first < ratings.size() && r.second < ratings.size() && r.first != r.second);
    per[r.first].push_back({ratings[r.second], r.first_score});
    per[r.second].push_back({ratings[r.first], 1.0 - r.first_score});
  }
  std::vector<GlickoRating> out;
  out.reserve(ratings.size());
  for (std::size_t i = 0; i < ratings.size(); ++i) out.push_back(glicko2_update(ratings[i], per[i], tau));
  return out;
}

}  // namespace parley::event
