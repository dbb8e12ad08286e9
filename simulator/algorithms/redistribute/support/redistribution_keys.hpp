#pragma once
/// @file redistribution_keys.hpp
/// @brief The keys of the `redistribute` family (docs/redistribute.md), shared by the family,
/// the reading of its points and its runner.
#include "algorithms/amount_limits.hpp"
#include "algorithms/keys.hpp"
#include "algorithms/redistribute/support/inputs.hpp"

namespace hetcoll {

/// @brief The family's keys, declared once and read back as point[redistribution_keys().senders].
struct RedistributionKeys {
  RedistributionKeys() {
    table.set_columns({senders, receivers, edges, k, beta, uncapped, message, cv, asynchronous});
  }

  KeyTable table;
  // Pairs are numbered in 32 bits (random instances shuffle them): senders·receivers < 2^32.
  NumberKey senders =
      table.number("senders", "nodes of the sending cluster: a count, or with 'platform' the hosts that send, in "
                              "order (names, globs, zone:NAME, as key 'hosts')", 14)
          .sweep().whole().at_least(1).at_most(kMaxSide)
          .names_hosts();  // senders = zone:lyon: the run takes the senders' hosts, then the receivers' ones
  NumberKey receivers =
      table.number("receivers", "nodes of the receiving cluster: a count, or with 'platform' the hosts that receive, "
                                "in order (names, globs, zone:NAME, as key 'hosts')", 14)
          .sweep().whole().at_least(1).at_most(kMaxSide)
          .names_hosts();
  NumberKey edges =
      table.number("edges", "messages (0: a random count in 1..senders*receivers, or the matrix's count)", 0)
          .sweep().whole().at_most(kMaxCount);
  NumberKey k = table.number("k", "messages at once through the backbone (0: backbone / base speed with 'matrix' or a "
                                  "platform file; on the family's own platform, a backbone that limits no step)", 0)
                    .sweep().whole().at_most(kMaxMbitPerSecond);
  // β is a computation of β·kHostSpeed flops: at most 1e15.
  NumberKey beta = table.number("beta", "set-up time of a step (s)", 1).sweep().at_most(1e6);
  NumberKey uncapped = table.number("uncapped", "1 (or --uncapped alone): run step schedules without the base-speed "
                                                "rate cap, under SimGrid's bandwidth sharing; 0 1 sweeps both", 0)
                           .as_flag();
  NumberKey delta_max =
      table.number("delta-max", "random instances: ports of a node uniform in 1..delta-max (delta = min(ports, k))", 5)
          .whole().at_least(1).at_most(kMaxCount);
  // A weight of w seconds at the random base speed is w·1.25e7 bytes.
  NumberKey weight_min = table.number("weight-min", "random instances: smallest message weight (s at base speed)", 1)
                             .whole().at_least(1).at_most(1e6);
  NumberKey weight_max = table.number("weight-max", "random instances: largest message weight (s at base speed)", 20)
                             .whole().at_least(1).at_most(1e6);
  TextKey matrix =
      table.text("matrix", "CSV of the amounts in units of 'message' bytes, Mbit by default (a row per sender, a "
                           "column per receiver); empty: random");
  // Whole Mbit/s > 0: the base speed is their GCD.
  ListKey nic = table.list("nic", "with 'matrix': NIC speeds in Mbit/s, senders then receivers (none: from the "
                                  "platform file)").whole().above(0).at_most(kMaxMbitPerSecond);
  NumberKey backbone = table.number("backbone", "with 'matrix': backbone speed in Mbit/s (0: from the platform file)", 0)
                           .whole().at_most(kMaxMbitPerSecond);
  // Random instances' weights are seconds at base speed, which no unit changes: it applies to a
  // matrix only.
  NumberKey message = table.number("message",
                                   "with 'matrix': bytes of one unit of its amounts (the default is one Mbit), so an "
                                   "amount a is a*message bytes",
                                   kDefaultMatrixUnit)
                          .sweep().whole().at_least(1).at_most(kMaxMatrixUnit).same_draws()
                          .applies_when([matrix = matrix](const Point& point, bool) { return !point[matrix].empty(); });
  // The schedules are computed on the nominal amounts; cv makes every stream of their
  // execution a gamma draw around its nominal size.
  NumberKey cv = table.number("cv",
                              "coefficient of variation of every stream as executed: its nominal size times a gamma "
                              "draw of mean 1 (0: the amounts the schedules were computed on; beta stays fixed)",
                              0)
                     .sweep().zero_or_at_least(kSmallestCv).at_most(kLargestCv).same_draws();
  NumberKey asynchronous =
      table.number("asynchronous", "1 (or --asynchronous alone): run step schedules without their step barriers, "
                                   "each stream starting when its two ends and k allow (beta paid once); 0 1 sweeps "
                                   "both", 0)
          .as_flag().same_draws();
  // What a draw covers, not what is drawn.
  TextKey cv_unit = table.text("cv-unit",
                               "what one cv draw covers: message (a message's pieces, over several steps or two "
                               "streams of one, share its draw, as in every family) or stream (each piece draws "
                               "its own)",
                               "message", {"message", "stream"})
                    .same_draws();
};

/// @brief The family's one table of keys.
const RedistributionKeys& redistribution_keys();

}  // namespace hetcoll
