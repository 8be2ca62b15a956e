// An append-only sequence with value semantics whose copies share their full chunks.
//
// GameState is copied on every accepted step and carries its whole history (the event log and the
// committed-command table). Copying a std::vector there made a game quadratic. History keeps full
// chunks immutable behind shared_ptr<const>, so a copy costs one small vector of pointers plus a
// tail of at most kChunk entries; shared chunks are never written, so copies may be used from
// different threads. Equality is by content (pointer-equal chunks are skipped).
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace dune {

template <class T, std::size_t kChunk = 64>
class History {
 public:
  using value_type = T;

  std::size_t size() const { return chunks_.size() * kChunk + tail_.size(); }
  bool empty() const { return size() == 0; }

  const T& operator[](std::size_t i) const {
    const std::size_t c = i / kChunk;
    return c < chunks_.size() ? (*chunks_[c])[i % kChunk] : tail_[i - chunks_.size() * kChunk];
  }
  const T& back() const { return (*this)[size() - 1]; }

  void push_back(T value) {
    tail_.push_back(std::move(value));
    if (tail_.size() == kChunk) {
      chunks_.push_back(std::make_shared<const std::vector<T>>(std::move(tail_)));
      tail_ = {};
      tail_.reserve(kChunk);
    }
  }

  class const_iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = const T*;
    using reference = const T&;
    const_iterator() = default;
    const_iterator(const History* h, std::size_t i) : h_(h), i_(i) {}
    const T& operator*() const { return (*h_)[i_]; }
    const T* operator->() const { return &(*h_)[i_]; }
    const_iterator& operator++() { ++i_; return *this; }
    const_iterator operator++(int) { auto old = *this; ++i_; return old; }
    difference_type operator-(const const_iterator& o) const {
      return static_cast<difference_type>(i_) - static_cast<difference_type>(o.i_);
    }
    const_iterator operator+(difference_type n) const { return {h_, i_ + static_cast<std::size_t>(n)}; }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }

   private:
    const History* h_ = nullptr;
    std::size_t i_ = 0;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size()}; }

  std::vector<T> to_vector() const { return {begin(), end()}; }

  friend bool operator==(const History& a, const History& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t c = 0; c < a.chunks_.size(); ++c) {
      if (a.chunks_[c] != b.chunks_[c] && *a.chunks_[c] != *b.chunks_[c]) return false;
    }
    return a.tail_ == b.tail_;
  }

 private:
  std::vector<std::shared_ptr<const std::vector<T>>> chunks_;
  std::vector<T> tail_;
};

}  // namespace dune
