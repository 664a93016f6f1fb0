#include "tcgen05/Descriptors/InstrDesc.h"

#include "gtest/gtest.h"

#include <map>

using namespace tcgen05;

namespace {
const char *const AllKinds[] = {"f16",      "tf32", "f8f6f4",  "i8",
                                "mxf8f6f4", "mxf4", "mxf4nvf4"};

IdescUse use(const char *Kind, unsigned CtaGroup = 1) {
  IdescUse U;
  U.Kind = lookupIdescKind(Kind);
  U.CtaGroup = CtaGroup;
  return U;
}
} // namespace

TEST(InstrDescTest, EveryKindRoundTripsEveryField) {
  for (const char *Name : AllKinds) {
    const IdescKind *K = lookupIdescKind(Name);
    ASSERT_TRUE(K) << Name;
    for (const IdescField &F : idescFields(K->Layout)) {
      // The largest value the field holds, through the encoder's units.
      uint64_t Raw = (1ull << F.Width) - 1;
      uint64_t In = F.Name == "n" ? Raw << 3
                    : F.Name == "m"
                        ? Raw << (K->Layout == IdescLayout::Dense ? 4 : 7)
                        : Raw;
      EncodeError Error;
      std::optional<uint32_t> V = encodeIdesc(*K, {{F.Name.str(), In}}, Error);
      ASSERT_TRUE(V) << Name << " " << F.Name.str() << ": " << Error.message();
      EXPECT_EQ(F.get(*V), Raw) << Name << " " << F.Name.str();
      EXPECT_EQ(*V & ~F.mask(), 0u) << Name << " " << F.Name.str();
    }
  }
}

TEST(InstrDescTest, FieldsDoNotOverlap) {
  for (IdescLayout L :
       {IdescLayout::Dense, IdescLayout::MxF8, IdescLayout::MxF4}) {
    uint32_t Seen = 0;
    for (const IdescField &F : idescFields(L)) {
      EXPECT_EQ(Seen & F.mask(), 0u) << F.Name.str();
      Seen |= F.mask();
    }
    EXPECT_EQ(Seen | idescReservedMask(L), ~0u);
  }
}

// Layouts cross-checked with CUTLASS's UMMA::InstrDescriptor bit fields
// (c_format at bit 4, a_format 7, b_format 10, a/b_negate 13/14, a/b_major
// 15/16, n_dim 17-22 = N>>3, m_dim 24-28 = M>>4).
TEST(InstrDescTest, KnownF16Descriptor) {
  EncodeError Error;
  std::optional<uint32_t> V = encodeIdesc(
      *lookupIdescKind("f16"),
      {{"dtype", 1}, {"atype", 1}, {"btype", 1}, {"n", 256}, {"m", 128}},
      Error);
  ASSERT_TRUE(V);
  EXPECT_EQ(*V, 0x08400490u);
  EXPECT_TRUE(checkIdesc(*V, ~0u, use("f16")).empty());
}

TEST(InstrDescTest, ShapesFollowTable39) {
  // M=64 is valid with one CTA, not with a pair; N steps of 16 with a pair.
  EXPECT_TRUE(checkIdesc(0x04400010, ~0u, use("f16", 1)).empty());
  EXPECT_FALSE(checkIdesc(0x04400010, ~0u, use("f16", 2)).empty());
  EXPECT_FALSE(checkIdesc(0x08020010, ~0u, use("f16", 2)).empty()); // N=8
  IdescUse Ws = use("f16");
  Ws.Ws = true;
  EXPECT_TRUE(checkIdesc(0x02400010, ~0u, Ws).empty());  // M=32, N=256
  EXPECT_FALSE(checkIdesc(0x02300010, ~0u, Ws).empty()); // N=192
}

TEST(InstrDescTest, UnknownBitsAreNotChecked) {
  // Only the M field is known, and it is fine; everything else is unknown.
  EXPECT_TRUE(checkIdesc(0x08000000, 0x1F000000, use("f16")).empty());
  // Only M is known, and it is 48.
  EXPECT_FALSE(checkIdesc(0x03000000, 0x1F000000, use("f16")).empty());
}

TEST(InstrDescTest, SparsityReservedAndKindSpecificFields) {
  IdescUse Sp = use("f16");
  Sp.Sparse = true;
  EXPECT_FALSE(checkIdesc(0x08400010, ~0u, Sp).empty()); // bit 2 clear
  EXPECT_TRUE(checkIdesc(0x08400014, ~0u, Sp).empty());
  std::vector<IdescFinding> R = checkIdesc(0x08c00010, ~0u, use("f16"));
  ASSERT_EQ(R.size(), 1u);
  EXPECT_TRUE(R[0].Warning);
  // Saturate is for .kind::i8 only.
  EXPECT_FALSE(checkIdesc(0x08400018, ~0u, use("f16")).empty());
  EXPECT_TRUE(checkIdesc(0x08400028 | 0x80 | 0x400, ~0u, use("i8")).empty());
}

#include "tcgen05/Descriptors/MatrixDesc.h"

// CUTLASS's UMMA::SmemDescriptor: start_address_ 0-13, leading_byte_offset_
// 16-29, stride_byte_offset_ 32-45, version_ 46-47 (=1), base_offset_ 49-51,
// lbo_mode_ 52, layout_type_ 61-63.
TEST(MatrixDescTest, SmemRoundTrip) {
  EncodeError Error;
  std::optional<uint64_t> V = encodeSmemDesc({{"start_address", 0x1280},
                                              {"leading_offset", 16},
                                              {"stride_offset", 1024},
                                              {"base_offset", 1},
                                              {"swizzle", 4}},
                                             Error);
  ASSERT_TRUE(V) << Error.message();
  // Field values as stored: addresses and offsets in 16-byte units.
  const std::map<std::string, uint64_t> Expected = {
      {"start_address", 0x1280 >> 4},
      {"stride_offset", 1024 >> 4},
      {"fixed_001", 1},
      {"base_offset", 1},
      {"swizzle", 4}};
  for (const DescField &F : matrixDescFields(MatrixDescKind::Smem)) {
    auto It = Expected.find(F.Name.str());
    if (It != Expected.end()) {
      EXPECT_EQ(F.get(*V), It->second) << F.Name.str();
    }
  }
  EXPECT_TRUE(checkSmemDesc(*V, ~0ull, std::nullopt).empty());
}

TEST(MatrixDescTest, FixedBitsAndSwizzleModes) {
  EXPECT_FALSE(checkSmemDesc(0, ~0ull, std::nullopt).empty());
  EXPECT_FALSE(
      checkSmemDesc(0x6000404000010000ull, ~0ull, std::nullopt).empty());
  // Only the start address known: nothing to say.
  EXPECT_TRUE(checkSmemDesc(0, 0x3FFF, std::nullopt).empty());
}
