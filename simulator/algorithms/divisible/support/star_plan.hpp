#pragma once
/// @file star_plan.hpp
/// @brief A divisible schedule as a static Plan for the engines.
#include "algorithms/divisible/support/star.hpp"
#include "algorithms/divisible/support/star_platform.hpp"
#include "engine/plan.hpp"

namespace hetcoll {

/// @brief The master/worker plan of `schedule` (master host 0, worker i on host i + 1).
///
/// The master sends in send order, one message after the other; a worker computes once its
/// whole message has arrived; the master receives in return order, each return starting when
/// the worker has finished computing and the previous return has ended. Under one_port the
/// first return also waits for the last send: a SimGrid host can send and receive at once, so
/// the port model lives in these dependencies. Every operation starts as soon as it may, so the
/// plan ends at schedule_length() (1 for the algorithms' schedules). Costs are bytes and
/// flops: run it with CostScale{1, 1}. Operation amounts are load × cost × rate.
Plan star_plan(const Star& star, const DivisibleSchedule& schedule, const StarRates& rates, PortModel port);

}  // namespace hetcoll
