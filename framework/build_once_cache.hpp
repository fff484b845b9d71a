// Values derived from a run's data once and shared by many trials (e.g. a raw dataset's index,
// read by every point of a sweep). Metrics run inside the runner's OpenMP workers.
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace dplab {

// A thread-safe cache of values that are expensive to build and the same for many trials:
// the first caller of a key builds the value while later callers of that key wait for it;
// callers of other keys are not blocked. At most `capacity` values are kept (the oldest key is
// dropped first; a dropped value stays alive for whoever still holds it and is rebuilt if asked
// for again). If a build throws, the error reaches its caller and the next caller retries.
template <class V>
class BuildOnceCache {
 public:
  explicit BuildOnceCache(std::size_t capacity) : capacity_(capacity) {}

  std::shared_ptr<const V> get(const std::string& key, const std::function<V()>& build) {
    std::shared_ptr<Slot> slot;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = slots_.find(key);
      if (it == slots_.end()) {
        it = slots_.emplace(key, std::make_shared<Slot>()).first;
        order_.push_back(key);
        while (order_.size() > capacity_) {
          slots_.erase(order_.front());
          order_.pop_front();
        }
      }
      slot = it->second;
    }
    std::unique_lock<std::mutex> lock(slot->mutex);
    slot->ready.wait(lock, [&] { return !slot->building; });
    if (slot->value) return slot->value;
    slot->building = true;
    lock.unlock();
    std::shared_ptr<const V> value;
    try {
      value = std::make_shared<const V>(build());
    } catch (...) {
      lock.lock();
      slot->building = false;
      slot->ready.notify_all();
      throw;
    }
    lock.lock();
    slot->value = value;
    slot->building = false;
    slot->ready.notify_all();
    return value;
  }

 private:
  struct Slot {
    std::mutex mutex;
    std::condition_variable ready;
    bool building = false;
    std::shared_ptr<const V> value;
  };
  std::size_t capacity_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Slot>> slots_;
  std::deque<std::string> order_;
};

}  // namespace dplab
