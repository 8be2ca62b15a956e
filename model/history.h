// An append-only sequence with value semantics whose copies share everything they have in common.
//
// GameState is copied on every accepted step and carries its whole history (the event log, the
// committed-command table, each seat's sightings). Copying a std::vector there made a game
// quadratic, and copying even a short unshared tail of entries (with their strings) was a fifth
// of a random game's time. So a copy here is two reference counts:
//
// - full chunks of kChunk entries are immutable and shared, listed in a shared, immutable index
//   (a new index is built once per kChunk appends);
// - the last, partial chunk is a fixed buffer shared too. Each History knows how many of its
//   slots are its own (size). Appending claims the next slot with a compare-and-swap on the
//   buffer's claim count: the History whose entries end exactly at that count writes the slot in
//   place; any other (a copy that fell behind another copy's appends) copies its own prefix into
//   a fresh buffer first. A slot is written once, before any History that holds it exists, and
//   never again, so copies may be read from different threads.
//
// Equality is by content (shared chunks and buffers are skipped).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <iterator>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace dune {

template <class T, std::size_t kChunk = 32>
class History {
  struct Buffer {
    std::atomic<std::size_t> claimed{0};  // slots handed out, by one History each
    std::array<std::optional<T>, kChunk> slots;
    const T& operator[](std::size_t i) const { return *slots[i]; }
  };
  using Index = std::vector<std::shared_ptr<const Buffer>>;

 public:
  using value_type = T;

  History() = default;
  History(const History&) = default;
  History& operator=(const History&) = default;
  History(History&& o) noexcept
      : chunks_(std::move(o.chunks_)), tail_(std::move(o.tail_)), tail_size_(std::exchange(o.tail_size_, 0)) {}
  History& operator=(History&& o) noexcept {
    chunks_ = std::move(o.chunks_);
    tail_ = std::move(o.tail_);
    tail_size_ = std::exchange(o.tail_size_, 0);
    return *this;
  }

  std::size_t size() const { return full_size() + tail_size_; }
  bool empty() const { return size() == 0; }

  const T& operator[](std::size_t i) const {
    const std::size_t c = i / kChunk;
    return c < chunk_count() ? (*(*chunks_)[c])[i % kChunk] : (*tail_)[i - full_size()];
  }
  const T& back() const { return (*this)[size() - 1]; }

  void push_back(T value) {
    std::size_t expected = tail_size_;
    if (!tail_ || !tail_->claimed.compare_exchange_strong(expected, tail_size_ + 1)) {
      // No buffer yet, or another copy appended past our end: our own prefix, in a fresh buffer.
      auto fresh = std::make_shared<Buffer>();
      for (std::size_t i = 0; i < tail_size_; ++i) fresh->slots[i].emplace((*tail_)[i]);
      fresh->claimed.store(tail_size_ + 1, std::memory_order_relaxed);
      tail_ = std::move(fresh);
    }
    tail_->slots[tail_size_].emplace(std::move(value));
    if (++tail_size_ < kChunk) return;
    auto index = std::make_shared<Index>();
    if (chunks_) {
      index->reserve(chunks_->size() + 1);
      *index = *chunks_;
    }
    index->push_back(std::move(tail_));
    chunks_ = std::move(index);
    tail_size_ = 0;
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
    for (std::size_t c = 0; c < a.chunk_count(); ++c) {
      const Buffer& x = *(*a.chunks_)[c];
      const Buffer& y = *(*b.chunks_)[c];
      if (&x == &y) continue;
      for (std::size_t i = 0; i < kChunk; ++i) {
        if (!(x[i] == y[i])) return false;
      }
    }
    if (a.tail_ == b.tail_) return true;
    for (std::size_t i = 0; i < a.tail_size_; ++i) {
      if (!((*a.tail_)[i] == (*b.tail_)[i])) return false;
    }
    return true;
  }

 private:
  std::size_t chunk_count() const { return chunks_ ? chunks_->size() : 0; }
  std::size_t full_size() const { return chunk_count() * kChunk; }

  std::shared_ptr<const Index> chunks_;
  std::shared_ptr<Buffer> tail_;  // slots [0, tail_size_) are ours; later ones may be a copy's
  std::size_t tail_size_ = 0;
};

}  // namespace dune
