//===- Buckets.h - Values grouped by a small dense key ------------*- C++
//-*-===//
//
// Analyses index facts by register number: the writers of a register, the
// readers of one, the loads whose results it holds.  A counting sort puts
// each key's values side by side, in the order they were given, in two
// arrays instead of a vector per key.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_BASIC_BUCKETS_H
#define TCGEN05_BASIC_BUCKETS_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace tcgen05 {

class Buckets {
public:
  Buckets() = default;
  /// Groups the values of (key, value) pairs whose keys are below Keys.
  Buckets(size_t Keys, llvm::ArrayRef<std::pair<uint32_t, uint32_t>> Pairs)
      : Begin(Keys + 1, 0), Values(Pairs.size()) {
    for (const auto &KV : Pairs)
      ++Begin[KV.first + 1];
    for (size_t K = 0; K < Keys; ++K)
      Begin[K + 1] += Begin[K];
    std::vector<uint32_t> Next(Begin.begin(), Begin.end() - 1);
    for (const auto &KV : Pairs)
      Values[Next[KV.first]++] = KV.second;
  }

  /// Key's values, in the order given.
  llvm::ArrayRef<uint32_t> operator[](uint32_t Key) const {
    return llvm::ArrayRef<uint32_t>(Values).slice(Begin[Key],
                                                  Begin[Key + 1] - Begin[Key]);
  }

private:
  std::vector<uint32_t> Begin;
  std::vector<uint32_t> Values;
};

} // namespace tcgen05

#endif
