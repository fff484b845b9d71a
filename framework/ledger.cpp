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

PrivacyLedger::PrivacyLedger(double budget) : budget_(budget) {
  if (!(budget >= 0) || !std::isfinite(budget))
    throw Error("privacy budget must be a finite number >= 0, got " + to_string(Value(budget)));
  frames_.push_back(Frame{});
}

double PrivacyLedger::spent() const {
  double inner = 0;
  for (auto it = frames_.rbegin(); it != frames_.rend(); ++it)
    inner = it->parallel ? std::max(it->max_branch, inner) : it->total + inner;
  return inner;
}

void PrivacyLedger::charge(double eps, const char* what) {
  if (!(eps > 0) || !std::isfinite(eps))
    throw Error(std::string("mechanism '") + what + "' was given epsilon " +
                to_string(Value(eps)) + ": epsilon must be a finite number > 0");
  Frame& top = frames_.back();
  if (top.parallel)
    throw Error(std::string("mechanism '") + what +
                "' charged a parallel scope directly: open a branch for each disjoint part");
  top.total += eps;
  double now = spent();
  if (exceeds(now, budget_)) {
    top.total -= eps;
    throw BudgetExceeded(std::string("privacy budget exceeded by '") + what + "': spending " +
                         to_string(Value(eps)) + " would bring the trial to " +
                         to_string(Value(now)) + " > declared epsilon " + to_string(Value(budget_)));
  }
  ++charges_;
}

PrivacyLedger::ParallelScope PrivacyLedger::parallel(const char* what) {
  if (frames_.back().parallel)
    throw Error(std::string("parallel scope '") + what + "' opened outside a branch");
  frames_.push_back(Frame{true, 0, 0});
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
  double t = frames_.back().total;
  frames_.pop_back();
  frames_.back().max_branch = std::max(frames_.back().max_branch, t);
}

void PrivacyLedger::close_parallel(std::size_t depth) {
  while (frames_.size() > depth + 1) close_branch();  // branches left open by an exception
  double cost = frames_.back().max_branch;
  frames_.pop_back();
  frames_.back().total += cost;
}

PrivacyLedger::Branch::~Branch() {
  if (ledger_) ledger_->close_branch();
}

PrivacyLedger::ParallelScope::~ParallelScope() {
  if (ledger_) ledger_->close_parallel(depth_);
}

}  // namespace dplab
