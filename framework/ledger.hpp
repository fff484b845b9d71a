// Per-trial privacy ledger with explicit composition.
//
// Charges made one after another compose sequentially (their epsilons add up, Theorem 2 of
// budget_series / McSherry's PINQ). Inside a parallel scope, each branch works on a disjoint
// part of the data and the scope costs the maximum over its branches (parallel composition,
// Theorem 3). A charge that would take the trial beyond its declared budget is refused with
// BudgetExceeded, so no algorithm can silently overspend.
//
//   auto clusters = ledger.parallel("clusters");
//   for (...) { auto b = clusters.branch(); noise.laplace(count, 1, eps_i / 2); ... }
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace dplab {

class PrivacyLedger {
 public:
  explicit PrivacyLedger(double budget, double delta_budget = 0);
  PrivacyLedger(const PrivacyLedger&) = delete;
  PrivacyLedger& operator=(const PrivacyLedger&) = delete;

  double budget() const { return budget_; }
  // Total epsilon spent so far under composition, open scopes included.
  double spent() const;
  double remaining() const { return budget_ - spent(); }
  std::size_t charges() const { return charges_; }
  double delta_budget() const { return delta_budget_; }
  // Total delta spent so far (basic composition), open scopes included.
  double spent_delta() const;

  // Charges eps for the mechanism described by `what` (sequential composition).
  void charge(double eps, const char* what);
  // Charges (eps, delta) for an approximate mechanism; delta in [0, 1).
  void charge(double eps, double delta, const char* what);

  class Branch {
   public:
    ~Branch();
    Branch(Branch&& o) noexcept : ledger_(o.ledger_) { o.ledger_ = nullptr; }
    Branch(const Branch&) = delete;
   private:
    friend class PrivacyLedger;
    explicit Branch(PrivacyLedger* l) : ledger_(l) {}
    PrivacyLedger* ledger_;
  };

  class ParallelScope {
   public:
    ~ParallelScope();
    ParallelScope(ParallelScope&& o) noexcept : ledger_(o.ledger_), depth_(o.depth_) {
      o.ledger_ = nullptr;
    }
    ParallelScope(const ParallelScope&) = delete;
    // Opens the branch for one disjoint part; it closes when the returned object dies.
    Branch branch();
   private:
    friend class PrivacyLedger;
    ParallelScope(PrivacyLedger* l, std::size_t depth) : ledger_(l), depth_(depth) {}
    PrivacyLedger* ledger_;
    std::size_t depth_;
  };

  // Opens a parallel-composition scope in the current (sequential) context.
  ParallelScope parallel(const char* what);

 private:
  struct Frame {
    bool parallel = false;
    double total = 0;        // sequential frame: sum of its charges and closed scopes
    double max_branch = 0;   // parallel frame: largest closed branch
    double delta_total = 0, delta_max_branch = 0;  // the same for delta
  };
  void close_branch();
  void close_parallel(std::size_t depth);

  double budget_, delta_budget_;
  std::vector<Frame> frames_;
  std::size_t charges_ = 0;
};

}  // namespace dplab
