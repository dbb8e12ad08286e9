#pragma once
/// @file dynamic_reduction.hpp
/// @brief The event handling that Tree-dyn and Non-Commut-Tree-dyn share (RR-8315 §3.2).
#include "algorithms/reduce/support/factories.hpp"

namespace hetcoll {

/// @brief Base of the dynamic reduction policies: they differ only in whom an idle processor
/// pairs with, so that choice is the one thing a subclass writes (become_idle).
///
/// The rest is the paper's common model, kept in one place so the two algorithms cannot drift
/// apart: a receiver reduces what it received (⊕ at the receiver, when ⊕ is an activity) and
/// is idle again when that ends, or at once when ⊕ is free; a sender is done after its send.
class DynamicReduction : public Policy {
 public:
  void on_complete(Executor& executor, const Completion& done) final {
    const Activity& a = done.activity;
    if (a.kind == ActivityKind::comm && computes_)
      executor.start(scale_.compute(a.peer, draws_->compute(a.peer)));
    else
      become_idle(executor, a.owner());
  }

 protected:
  explicit DynamicReduction(const ReduceSetup& setup)
      : draws_(reduction_draws(setup)),
        processors_(setup.processors),
        scale_(setup.scale),
        computes_(setup.costs->computes()),
        root_(setup.root) {}

  /// Processor `p` holds a partial result and looks for a partner: it sends to one, or waits.
  virtual void become_idle(Executor& executor, int p) = 0;

  /// Starts the transfer of p's partial result to q.
  void send(Executor& executor, int p, int q) { executor.start(scale_.comm(p, q, draws_->comm(p, q))); }

  int processors() const { return processors_; }

  /// The receiver when the newly idle p pairs with the waiting q: q, unless p is the run's root,
  /// which never sends, so that the result ends there (key `root`; with kAnyRoot it ends at the
  /// last receiver, as in the paper).
  int receiver_of(int p, int q) const { return p == root_ ? p : q; }

 private:
  CostDraws* draws_;
  int processors_;
  CostScale scale_;
  bool computes_;
  int root_;
};

}  // namespace hetcoll
