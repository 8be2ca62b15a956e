// A deck as an ordered known top over an unordered unseen remainder (DESIGN.md, "Chance is
// explicit"). Drawing from the remainder is a chance step; the remainder is kept sorted, so its
// order carries no information and "deck order is private" holds by construction.
#pragma once

#include <algorithm>
#include <vector>

namespace dune {

template <class Id>
struct HiddenPile {
  std::vector<Id> known_top;  // front is the top card (staged, or seen by a legitimate peek)
  std::vector<Id> unseen;     // sorted; no order

  std::size_t size() const { return known_top.size() + unseen.size(); }
  bool empty() const { return known_top.empty() && unseen.empty(); }

  // The next draw needs a chance outcome when nothing is known on top.
  bool needs_chance() const { return known_top.empty() && !unseen.empty(); }

  void add_unseen(Id id) { unseen.insert(std::upper_bound(unseen.begin(), unseen.end(), id), id); }

  // Takes the known top card. Precondition: !known_top.empty().
  Id take_top() {
    Id id = known_top.front();
    known_top.erase(known_top.begin());
    return id;
  }

  // A peek: a card chosen by chance from the unseen remainder becomes the known top (it stays in
  // the deck). Returns false if it is not there.
  bool fix_top(Id id) {
    if (!take_unseen(id)) return false;
    known_top.push_back(id);
    return true;
  }

  // A shuffle: the known top is forgotten, every card unseen again.
  void shuffle() {
    for (const Id& id : known_top) add_unseen(id);
    known_top.clear();
  }

  // Takes a card chosen by chance from the unseen remainder. Returns false if it is not there.
  bool take_unseen(Id id) {
    auto it = std::lower_bound(unseen.begin(), unseen.end(), id);
    if (it == unseen.end() || !(*it == id)) return false;
    unseen.erase(it);
    return true;
  }

  friend bool operator==(const HiddenPile&, const HiddenPile&) = default;
};

}  // namespace dune
