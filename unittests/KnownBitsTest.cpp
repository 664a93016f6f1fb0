#include "KernelGraph.h"

#include "tcgen05/Analysis/KnownBits.h"

#include <optional>

using namespace tcgen05;

namespace {

/// The facts of Reg just before the first instruction starting with Site.
struct Facts : KernelGraph {
  using KernelGraph::KernelGraph;

  uint32_t inst(llvm::StringRef Prefix) const {
    for (uint32_t I = 0; I < fn().Instructions.size(); ++I)
      if (fn().Instructions[I].src().text().starts_with(Prefix))
        return I;
    ADD_FAILURE() << "no instruction " << Prefix.str();
    return 0;
  }

  RegisterFact at(llvm::StringRef Site, llvm::StringRef Reg,
                  KnownBitsOutcome *Out = nullptr,
                  KnownBitsMarker Marker = nullptr) {
    EXPECT_TRUE(Sink.diagnostics().empty());
    std::optional<RegisterFact> Seen;
    uint32_t I = inst(Site);
    KnownBitsOutcome O = runKnownBits(
        fn(), {Reg}, {I},
        [&](uint32_t, const KnownBitsState &S) { Seen = S.lookup(Reg); },
        /*Budget=*/0, /*Shared=*/nullptr, Marker);
    if (Out)
      *Out = O;
    EXPECT_TRUE(Seen.has_value());
    return Seen.value_or(RegisterFact());
  }
};

bool knownAs(const RegisterFact &F, uint64_t Value) {
  return F.known() == ~0ull && F.one() == Value;
}

/// No bit of the register's 32 is known.
bool unknown32(const RegisterFact &F) { return (F.known() & 0xffffffffu) == 0; }

} // namespace

TEST(KnownBitsTest, AChainWrittenOnceIsKnownEverywhereAfterIt) {
  Facts K("mov.u32 %r1, 3;\n"
          "shl.b32 %r2, %r1, 4;\n"
          "mov.u32 %r5, %tid.x;\n"
          "setp.eq.u32 %p1, %r5, 0;\n"
          "@%p1 bra L;\n"
          "or.b32 %r3, %r2, 1;\n"
          "L: add.u32 %r4, %r2, 2;\n"
          "st.u32 [%rd1], %r4;\n"
          "ret;\n");
  EXPECT_TRUE(knownAs(K.at("st.u32", "%r4"), 50));
  EXPECT_TRUE(knownAs(K.at("add.u32", "%r2"), 48));
}

TEST(KnownBitsTest, AWriteOnOnePathOnlyIsUnknownWhereThePathsMeet) {
  // %r2 has one writer, but the path through the branch skips it.
  Facts K("mov.u32 %r5, %tid.x;\n"
          "setp.eq.u32 %p1, %r5, 0;\n"
          "@%p1 bra L;\n"
          "mov.u32 %r2, 48;\n"
          "L: add.u32 %r4, %r2, 2;\n"
          "st.u32 [%rd1], %r4;\n"
          "ret;\n");
  EXPECT_TRUE(unknown32(K.at("st.u32", "%r4")));
  EXPECT_TRUE(unknown32(K.at("add.u32", "%r2")));
}

TEST(KnownBitsTest, AWriteFromALoopCarriedValueFollowsTheLoop) {
  // %r2 is written once, from %r1, which the loop changes: its fact is the
  // loop's fixed point (%r1 is 16 or 48, so %r2 is 16), which depends on
  // what %r1 is on every trip, not on one computation of it.
  Facts K("mov.u32 %r1, 16;\n"
          "L: and.b32 %r2, %r1, 31;\n"
          "st.u32 [%rd1], %r2;\n"
          "xor.b32 %r1, %r1, 32;\n"
          "ld.global.u32 %r3, [%rd2];\n"
          "setp.ne.u32 %p1, %r3, 0;\n"
          "@%p1 bra L;\n"
          "ret;\n");
  EXPECT_TRUE(knownAs(K.at("st.u32", "%r2"), 16));
  RegisterFact R1 = K.at("and.b32", "%r1");
  EXPECT_EQ(R1.known() & 31, 31u);
  EXPECT_EQ(R1.known() & 32, 0u);
}

TEST(KnownBitsTest, AReadBeforeTheOneWriteInALoopIsUnknown) {
  // The first trip reads %r4 before anything wrote it.
  Facts K("L: add.u32 %r5, %r4, 1;\n"
          "st.u32 [%rd1], %r5;\n"
          "mov.u32 %r4, 7;\n"
          "ld.global.u32 %r1, [%rd2];\n"
          "setp.ne.u32 %p1, %r1, 0;\n"
          "@%p1 bra L;\n"
          "ret;\n");
  EXPECT_TRUE(unknown32(K.at("add.u32", "%r4")));
  EXPECT_TRUE(unknown32(K.at("st.u32", "%r5")));
}

TEST(KnownBitsTest, AGuardedWriteKeepsWhatItMayLeave) {
  // %r3's one write is guarded: where the guard is false the register
  // keeps what it held, nothing known, whether %r3 flows or not.
  Facts K("mov.u32 %r5, %tid.x;\n"
          "setp.eq.u32 %p1, %r5, 0;\n"
          "mov.u32 %r2, 16;\n"
          "@%p1 mov.u32 %r3, 32;\n"
          "or.b32 %r4, %r3, %r2;\n"
          "st.u32 [%rd1], %r4;\n"
          "ret;\n");
  RegisterFact F = K.at("st.u32", "%r4");
  EXPECT_EQ(F.one() & 0xffffffffu, 16u);
  EXPECT_EQ(F.known() & 32u, 0u);
}

TEST(KnownBitsTest, ABlockNoPathReachesKnowsOnlyItsOwnWrites) {
  Facts K("mov.u32 %r2, 48;\n"
          "ret;\n"
          "U: add.u32 %r4, %r2, 2;\n"
          "st.u32 [%rd1], %r4;\n"
          "ret;\n");
  EXPECT_TRUE(unknown32(K.at("add.u32", "%r2")));
}

namespace {
/// Marks what an or with an odd constant writes.
bool orOdd(Opcode Op, const llvm::KnownBits &, const llvm::KnownBits &B) {
  return Op == Opcode::Or && B.isConstant() && (B.getConstant() & 1) == 1;
}
} // namespace

// A client's mark is made where its hook says, travels through the bit
// operations that build a value from the marked one, and survives a join
// from one path; without a hook nothing is marked.
TEST(KnownBitsTest, AClientsMarkTravelsWithTheValue) {
  Facts K("mov.u32 %r1, %tid.x;\n"
          "setp.eq.u32 %p1, %r1, 0;\n"
          "mov.u32 %r2, 16;\n"
          "@%p1 bra L;\n"
          "or.b32 %r2, %r1, 3;\n"
          "L: shl.b32 %r3, %r2, 4;\n"
          "add.u32 %r4, %r3, 2;\n"
          "st.u32 [%rd1], %r4;\n"
          "ret;\n");
  RegisterFact Marked = K.at("st.u32", "%r4", nullptr, orOdd);
  EXPECT_EQ(Marked.Marked, K.inst("or.b32"));
  EXPECT_EQ(K.at("st.u32", "%r4").Marked, RegisterFact::NoDef);
  EXPECT_EQ(K.at("or.b32", "%r2", nullptr, orOdd).Marked, RegisterFact::NoDef);
}
