#include "framework/ledger.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/value.hpp"

namespace dplab {

namespace {
// Budgets are sums of floating-point shares (e.g. eps * k_i over i); allow rounding slack.
bool exceeds(double spent, double budget) { return spent > budget * (1 + 1e-9) + 1e-12; }
}  // namespace

PrivacyLedger::PrivacyLedger(double budget, double delta_budget) : budget_(budget), delta_budget_(delta_budget) {
  if (!(budget >= 0) || !std::isfinite(budget))
    throw Error("privacy budget must be a finite number >= 0, got " + to_string(Value(budget)));
  if (!(delta_budget >= 0 && delta_budget < 1))
    throw Error("delta budget must be in [0, 1), got " + to_string(Value(delta_budget)));
  frames_.push_back(Frame{});
}

double PrivacyLedger::spent() const {
  double inner = 0;
  for (auto it = frames_.rbegin(); it != frames_.rend(); ++it)
    inner = it->parallel ? std::max(it->max_branch, inner) : it->total + inner;
  return inner;
}

double PrivacyLedger::spent_delta() const {
  double inner = 0;
  for (auto it = frames_.rbegin(); it != frames_.rend(); ++it)
    inner = it->parallel ? std::max(it->delta_max_branch, inner) : it->delta_total + inner;
  return inner;
}

void PrivacyLedger::charge(double eps, const char* what) { charge(eps, 0, what); }

void PrivacyLedger::charge(double eps, double delta, const char* what) {
  if (!(eps > 0) || !std::isfinite(eps))
    throw Error(std::string("mechanism '") + what + "' was given epsilon " +
                to_string(Value(eps)) + ": epsilon must be a finite number > 0");
  if (!(delta >= 0 && delta < 1))
    throw Error(std::string("mechanism '") + what + "' was given delta " + to_string(Value(delta)) +
                ": delta must be in [0, 1)");
  if (delta > 0 && delta_budget_ == 0)
    throw BudgetExceeded(std::string("mechanism '") + what + "' spends delta " + to_string(Value(delta)) +
                         " but the algorithm declares pure eps-DP (no delta budget: AlgorithmInfo::delta_param)");
  Frame& top = frames_.back();
  if (top.parallel)
    throw Error(std::string("mechanism '") + what +
                "' charged a parallel scope directly: open a branch for each disjoint part");
  top.total += eps;
  top.delta_total += delta;
  const double now = spent(), now_delta = spent_delta();
  if (exceeds(now, budget_) || (delta > 0 && exceeds(now_delta, delta_budget_))) {
    top.total -= eps;
    top.delta_total -= delta;
    if (exceeds(now, budget_))
      throw BudgetExceeded(std::string("privacy budget exceeded by '") + what + "': spending " +
                           to_string(Value(eps)) + " would bring the trial to " +
                           to_string(Value(now)) + " > declared epsilon " + to_string(Value(budget_)));
    throw BudgetExceeded(std::string("delta budget exceeded by '") + what + "': spending delta " +
                         to_string(Value(delta)) + " would bring the trial to " + to_string(Value(now_delta)) +
                         " > declared delta " + to_string(Value(delta_budget_)));
  }
  ++charges_;
}

PrivacyLedger::ParallelScope PrivacyLedger::parallel(const char* what) {
  if (frames_.back().parallel)
    throw Error(std::string("parallel scope '") + what + "' opened outside a branch");
  frames_.push_back(Frame{true, 0, 0, 0, 0});
  return ParallelScope(this, frames_.size() - 1);
}

PrivacyLedger::Branch PrivacyLedger::ParallelScope::branch() {
  auto& frames = ledger_->frames_;
  if (frames.size() != depth_ + 1)
    throw Error("a branch of a parallel scope was opened while another is still open");
  frames.push_back(Frame{});
  return Branch(ledger_);
}

void PrivacyLedger::close_branch() {
  const double t = frames_.back().total, d = frames_.back().delta_total;
  frames_.pop_back();
  frames_.back().max_branch = std::max(frames_.back().max_branch, t);
  frames_.back().delta_max_branch = std::max(frames_.back().delta_max_branch, d);
}

void PrivacyLedger::close_parallel(std::size_t depth) {
  while (frames_.size() > depth + 1) close_branch();  // branches left open by an exception
  const double cost = frames_.back().max_branch, delta_cost = frames_.back().delta_max_branch;
  frames_.pop_back();
  frames_.back().total += cost;
  frames_.back().delta_total += delta_cost;
}

PrivacyLedger::Branch::~Branch() {
  if (ledger_) ledger_->close_branch();
}

PrivacyLedger::ParallelScope::~ParallelScope() {
  if (ledger_) ledger_->close_parallel(depth_);
}

}  // namespace dplab
