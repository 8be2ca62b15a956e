// A deck as an ordered known top over an unordered unseen remainder over an ordered known bottom
// (DESIGN.md, "Chance is explicit"). Drawing from the remainder is a chance step; the remainder is
// kept sorted, so its order carries no information and "deck order is private" holds by
// construction. The known bottom holds cards put under the deck face down (E1: the Ixians' card
// returned from the auction): they are drawn only once the remainder is gone.
#pragma once

#include <algorithm>
#include <vector>

namespace dune {

template <class Id>
struct HiddenPile {
  std::vector<Id> known_top;  // front is the top card (staged, or seen by a legitimate peek)
  std::vector<Id> unseen;     // sorted; no order
  std::vector<Id> known_bottom;  // back is the bottom card; drawn front first after the remainder

  std::size_t size() const { return known_top.size() + unseen.size() + known_bottom.size(); }
  bool empty() const { return known_top.empty() && unseen.empty() && known_bottom.empty(); }

  // The next card drawn when no chance decides it: the known top, or the known bottom's front
  // once the unseen remainder is gone; nullptr when the next draw is a chance step or none is left.
  const Id* next_known() const {
    if (!known_top.empty()) return &known_top.front();
    if (unseen.empty() && !known_bottom.empty()) return &known_bottom.front();
    return nullptr;
  }

  // The next draw needs a chance outcome when nothing is known on top.
  bool needs_chance() const { return known_top.empty() && !unseen.empty(); }

  void add_unseen(Id id) { unseen.insert(std::upper_bound(unseen.begin(), unseen.end(), id), id); }

  // A peek: a card chosen by chance from the unseen remainder becomes the known top (it stays in
  // the deck). Returns false if it is not there.
  bool fix_top(Id id) {
    if (!take_unseen(id)) return false;
    known_top.push_back(id);
    return true;
  }

  // A shuffle: the known top and bottom are forgotten, every card unseen again.
  void shuffle() {
    for (const Id& id : known_top) add_unseen(id);
    for (const Id& id : known_bottom) add_unseen(id);
    known_top.clear();
    known_bottom.clear();
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
