#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "core/random.hpp"
#include "engine/activity.hpp"

namespace hetcoll {
namespace {

// Same value and same sign bit (nearbyint keeps -0.0), NaN matching NaN.
bool same_bits(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

std::vector<double> rounding_cases() {
  const double two_52 = 4503599627370496.0;
  std::vector<double> cases = {0.0, -0.0, 0.5, 1.5, 2.5, 0.49999999999999994, 1e-300, 4.9e-324,
                               two_52 - 0.5, two_52 - 1.5, two_52, two_52 + 1, 2 * two_52, 1e300,
                               -0.5, -1.5, -2.5, -1e-300, -two_52 + 0.5,
                               std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                               std::numeric_limits<double>::quiet_NaN()};
  RandomStream random(11);
  for (int i = 0; i < 20000; ++i) {
    // Whole numbers and halves (the ties), and values spread over every magnitude up to 2^60.
    const double magnitude = std::ldexp(1.0, static_cast<int>(random.below(61)));
    cases.push_back(std::floor(random.uniform() * magnitude) + 0.5);
    cases.push_back(random.uniform() * magnitude);
    cases.push_back(-random.uniform() * magnitude);
  }
  return cases;
}

TEST(NearestWhole, IsNearbyintBitForBitInEveryRoundingMode) {
  const std::vector<double> cases = rounding_cases();
  for (int mode : {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO}) {
    ASSERT_EQ(std::fesetround(mode), 0);
    for (double x : cases) {
      // volatile: the compiler must not fold either side under the default mode.
      volatile double in = x;
      const double expected = std::nearbyint(in);
      const double got = nearest_whole(in);
      if (!same_bits(got, expected)) {
        std::fesetround(FE_TONEAREST);
        FAIL() << "mode " << mode << ": nearest_whole(" << x << ") = " << got << ", nearbyint gives " << expected;
      }
    }
  }
  std::fesetround(FE_TONEAREST);
}

}  // namespace
}  // namespace hetcoll
