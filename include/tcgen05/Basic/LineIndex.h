//===- LineIndex.h - Places of a buffer whose line is known -----*- C++ -*-===//
//
// Showing a finding needs its line number, and counting the lines from the
// start of a large input up to the findings was a part of a check's end that
// ran on one thread.  The bodies' workers count their own lines beside the
// rest of their work; an index of line starts made from those counts lets the
// line of a place be counted from the nearest known place before it.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BASIC_LINEINDEX_H
#define TCGEN05_BASIC_LINEINDEX_H

#include <algorithm>
#include <vector>

namespace tcgen05 {

/// A line start (the byte after a '\n') and its 1-based line number.
struct LineMark {
  const char *Pos;
  unsigned Line;
};

/// Line starts of one buffer, in increasing order.
class LineIndex {
public:
  explicit LineIndex(const char *BufferStart) : Buffer(BufferStart) {}

  const char *buffer() const { return Buffer; }
  /// Adds a mark after every mark added so far.
  void add(const char *Pos, unsigned Line) { Marks.push_back({Pos, Line}); }
  /// The last mark at or before P; null when there is none.
  const LineMark *before(const char *P) const {
    auto It = std::upper_bound(
        Marks.begin(), Marks.end(), P,
        [](const char *Q, const LineMark &M) { return Q < M.Pos; });
    return It == Marks.begin() ? nullptr : &*(It - 1);
  }
  size_t size() const { return Marks.size(); }

private:
  const char *Buffer;
  std::vector<LineMark> Marks;
};

} // namespace tcgen05

#endif
