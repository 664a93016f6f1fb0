//===- HugePagesTest.cpp - Arrays aligned for huge pages ------------------===//

#include "tcgen05/Basic/HugePages.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>

using namespace tcgen05;

namespace {

bool alignedToHugePages(const void *P) {
  return reinterpret_cast<uintptr_t>(P) % HugePageSize == 0;
}

TEST(HugePagesTest, LargeArraysAreAlignedAndRoundedToHugePages) {
  size_t Bytes = HugePageSize + 1;
  char *P = static_cast<char *>(allocateArray(Bytes));
  ASSERT_NE(P, nullptr);
  EXPECT_TRUE(alignedToHugePages(P));
  // The rounding belongs to the array: it may be advised, and a write there
  // is one within the allocation.
  adviseHugePages(P, 2 * HugePageSize);
  std::memset(P, 1, 2 * HugePageSize);
  EXPECT_EQ(P[2 * HugePageSize - 1], 1);
  releaseArray(P, Bytes);
}

TEST(HugePagesTest, SmallArraysArePlainHeapMemory) {
  void *Empty = allocateArray(0);
  EXPECT_NE(Empty, nullptr);
  releaseArray(Empty, 0);
  char *P = static_cast<char *>(allocateArray(HugePageSize - 1));
  ASSERT_NE(P, nullptr);
  // Below a huge page: nothing to advise.
  adviseHugePages(P, HugePageSize - 1);
  P[HugePageSize - 2] = 1;
  releaseArray(P, HugePageSize - 1);
}

TEST(HugePagesTest, ImpossibleSizesFail) {
  EXPECT_EQ(allocateArray(size_t(-1)), nullptr);
  HugePageVector<uint64_t> V;
  EXPECT_THROW(V.reserve(V.max_size() + 1), std::length_error);
}

TEST(HugePagesTest, VectorsKeepTheirElementsAcrossGrowth) {
  HugePageVector<uint64_t> V;
  size_t N = 3 * HugePageSize / sizeof(uint64_t);
  for (size_t I = 0; I < N; ++I)
    V.push_back(I * 7);
  EXPECT_TRUE(alignedToHugePages(V.data()));
  for (size_t I = 0; I < N; I += 4099)
    ASSERT_EQ(V[I], I * 7);
  HugePageVector<uint64_t> Copy = V;
  EXPECT_EQ(Copy, V);
}

} // namespace
