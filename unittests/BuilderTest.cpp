//===- BuilderTest.cpp - The typed tcgen05 instruction builder ------------===//

#include "tcgen05/Build/Builder.h"

#include "Sema/Tcgen05/Rules.h"

#include "tcgen05/Frontend/CheckBuilt.h"
#include "tcgen05/Frontend/InlineAsm.h"
#include "tcgen05/Parse/Parser.h"
#include "tcgen05/Print/Printer.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <set>

using namespace tcgen05;
using namespace tcgen05::build;

namespace {

/// The codes check() reports, in order.
std::vector<unsigned> codes(const Instr &I, BuildTarget T = {}) {
  llvm::SourceMgr SM;
  CollectingDiagnosticConsumer C;
  DiagnosticsEngine Engine(C, DiagnosticOptions());
  checkBuilt(I, T, SM, Engine);
  std::vector<unsigned> Out;
  for (const Diagnostic &D : C.Diags)
    Out.push_back(D.code());
  return Out;
}

const Value R1 = Value::reg("%r1", Type::B32);
const Value R2 = Value::reg("%r2", Type::B32);
const Value R3 = Value::reg("%r3", Type::B32);
const Value R4 = Value::reg("%r4", Type::B32);
const Value RD1 = Value::reg("%rd1", Type::B64);
const Value RD2 = Value::reg("%rd2", Type::B64);
const Value P1 = Value::reg("%p1", Type::Pred);
const Value H1 = Value::reg("%rs1", Type::B16);

std::vector<std::pair<Instr, std::string>> everyForm() {
  return {
      {alloc(CtaGroup::One, Value::symbol("slot"), Value::imm(32)),
       "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 32;"},
      {dealloc(CtaGroup::Two, R1, Value::imm(64)),
       "tcgen05.dealloc.cta_group::2.sync.aligned.b32 %r1, 64;"},
      {relinquishAllocPermit(CtaGroup::One),
       "tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;"},
      {ld({LdStShape::S32x32b, Num::X2}, Value::vec({R2, R3}), R1),
       "tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r2, %r3}, [%r1];"},
      {ld({LdStShape::S16x32bx2, Num::X1, false, Value::imm(2)},
          Value::vec({R2}), R1),
       "tcgen05.ld.sync.aligned.16x32bx2.x1.b32 {%r2}, [%r1], 2;"},
      {st({LdStShape::S16x64b, Num::X1, true}, R1, Value::vec({R2})),
       "tcgen05.st.sync.aligned.16x64b.x1.unpack::16b.b32 [%r1], {%r2};"},
      {wait(WaitKind::Ld), "tcgen05.wait::ld.sync.aligned;"},
      {wait(WaitKind::St), "tcgen05.wait::st.sync.aligned;"},
      {cp({CtaGroup::One, CpShape::S128x256b}, R1, RD1),
       "tcgen05.cp.cta_group::1.128x256b [%r1], %rd1;"},
      {cp({CtaGroup::Two, CpShape::S64x128b, CpMulticast::Warpx2_02_13,
           CpSrcFormat::B6x16P32},
          R1, RD1),
       "tcgen05.cp.cta_group::2.64x128b.warpx2::02_13.b8x16.b6x16_p32 [%r1], "
       "%rd1;"},
      {shift(CtaGroup::One, R1), "tcgen05.shift.cta_group::1.down [%r1];"},
      {mma({CtaGroup::One, Kind::F16}, {R1, RD1, RD2, R2, P1}),
       "tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1;"},
      {mma({CtaGroup::One, Kind::TF32, false, false, false, ScaleVec::Default,
            Collector::ALastUse, true},
           {R1, Value::addr(R3), RD2, R2, P1}),
       "tcgen05.mma.cta_group::1.kind::tf32.ashift.collector::a::lastuse "
       "[%r1], [%r3], %rd2, %r2, %p1;"},
      {mma({CtaGroup::One, Kind::MXF8F6F4, false, false, true,
            ScaleVec::Block32},
           {R1, RD1, RD2, R2, P1, std::nullopt, R3, R4}),
       "tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.block32 [%r1], "
       "%rd1, %rd2, %r2, [%r3], [%r4], %p1;"},
      {mma({CtaGroup::One, Kind::F16, true}, {R1, RD1, RD2, R2, P1, R3}),
       "tcgen05.mma.sp.cta_group::1.kind::f16 [%r1], %rd1, %rd2, [%r3], %r2, "
       "%p1;"},
      {mma({CtaGroup::One, Kind::F16, false, true},
           {R1, RD1, RD2, R2, P1, std::nullopt, std::nullopt, std::nullopt,
            std::nullopt, std::nullopt, RD1}),
       "tcgen05.mma.ws.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1, "
       "%rd1;"},
      {mma({CtaGroup::One, Kind::F16, false, true, false, ScaleVec::Default,
            Collector::B2Discard},
           {R1, RD1, RD2, R2, P1}),
       "tcgen05.mma.ws.cta_group::1.kind::f16.collector::b2::discard [%r1], "
       "%rd1, %rd2, %r2, %p1;"},
      {fence(FenceKind::BeforeThreadSync),
       "tcgen05.fence::before_thread_sync;"},
      {commit({CtaGroup::One}, RD1),
       "tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [%rd1];"},
      {commit({CtaGroup::Two, true, true}, RD1, H1),
       "tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster."
       "multicast::cluster.b64 [%rd1], %rs1;"},
  };
}

} // namespace

TEST(BuilderTest, EveryFormPrintsAndChecksClean) {
  for (auto &[I, Text] : everyForm()) {
    EXPECT_EQ(I.str(), Text);
    EXPECT_EQ(codes(I), std::vector<unsigned>{}) << Text;
  }
}

/// The builder writes qualifiers in the order the printer takes from the
/// rule tables: a built instruction prints as itself.
TEST(BuilderTest, BuiltInstructionsAreCanonical) {
  for (auto &[I, Text] : everyForm()) {
    std::string ModuleText = ".version 8.8\n.target sm_100a\n.address_size 64\n"
                             ".visible .entry k()\n{\n" +
                             Text + "\n}\n";
    auto Buf = llvm::MemoryBuffer::getMemBufferCopy(ModuleText, "built");
    Module M;
    DiagnosticSink Sink;
    parseModule(Buf->getBuffer(), M, Sink);
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    printModule(M, OS);
    EXPECT_NE(Out.find("\t" + Text + "\n"), std::string::npos)
        << Text << " prints as\n"
        << Out;
  }
}

TEST(BuilderTest, InvalidInstructionsAreReported) {
  // .kind::i8 is for architecture-specific sm_100a/101a/110a only.
  Instr I8 = mma({CtaGroup::One, Kind::I8}, {R1, RD1, RD2, R2, P1});
  EXPECT_EQ(codes(I8, {"sm_100a", 88}), std::vector<unsigned>{});
  EXPECT_EQ(codes(I8, {"sm_103a", 88}), std::vector<unsigned>{3103});
  // .32x32b.x2 moves two registers, not three.
  Instr Ld3 = ld({LdStShape::S32x32b, Num::X2}, Value::vec({R2, R3, R4}), R1);
  EXPECT_EQ(codes(Ld3), std::vector<unsigned>{3114});
  // A 64-bit Tensor Memory address.
  Instr Wide = shift(CtaGroup::One, RD1);
  EXPECT_EQ(codes(Wide), std::vector<unsigned>{3112});
  // ld.red needs PTX ISA 8.8 and is not on sm_100a.
  Instr Red = ldRed({LdStShape::S32x32b, Num::X2, RedOp::Max, RedType::U32},
                    Value::vec({R2, R3}), R4, R1);
  EXPECT_EQ(codes(Red, {"sm_110a", 90}), std::vector<unsigned>{});
  EXPECT_EQ(codes(Red, {"sm_100a", 88}), std::vector<unsigned>{3101});
  // An immediate instruction descriptor is decoded: M=0 is no shape.
  Instr Zero =
      mma({CtaGroup::One, Kind::F16}, {R1, RD1, RD2, Value::imm(0x10), P1});
  std::vector<unsigned> Got = codes(Zero);
  ASSERT_FALSE(Got.empty());
  EXPECT_EQ(Got.front(), 4001u);
}

TEST(BuilderTest, GuardsAndAddresses) {
  Instr I = commit({CtaGroup::One}, Value::addr(RD1, 8));
  I.guard(P1, /*Negated=*/true);
  EXPECT_EQ(I.str(), "@!%p1 tcgen05.commit.cta_group::1.mbarrier::arrive::one."
                     "b64 [%rd1+8];");
  EXPECT_EQ(codes(I), std::vector<unsigned>{});
}

TEST(BuilderTest, AsmTemplatesCheckClean) {
  for (auto &[I, Text] : everyForm()) {
    // Inline asm names no module variables.
    if (Text.find("slot") != std::string::npos)
      continue;
    AsmTemplate A = I.asmTemplate();
    llvm::SourceMgr SM;
    CollectingDiagnosticConsumer C;
    DiagnosticsEngine Engine(C, DiagnosticOptions());
    EXPECT_EQ(checkInlineAsm(A.Template, A.Constraints, "asm", {}, SM, Engine),
              CheckStatus::Clean)
        << A.Template;
    EXPECT_TRUE(C.Diags.empty()) << A.Template;
  }
  AsmTemplate A =
      ld({LdStShape::S32x32b, Num::X2}, Value::vec({R2, R3}), R1).asmTemplate();
  EXPECT_EQ(A.Template,
            "tcgen05.ld.sync.aligned.32x32b.x2.b32 {%0, %1}, [%2];");
  EXPECT_EQ(A.Constraints, (std::vector<std::string>{"=r", "=r", "r"}));
}

/// The builder's words and the checker's tables name the same qualifiers.
TEST(BuilderTest, EnumsCoverTheRuleTables) {
  llvm::StringSet<> Builder;
  // A qualifier of the tables, or an instruction name (.wait::ld).
  auto Known = [](llvm::StringRef W) {
    if (rules::findAnyQualifier(W))
      return true;
    for (const rules::FormInfo &F : rules::forms())
      if (F.Spelling == "tcgen05" + W.str())
        return true;
    return false;
  };
#define BUILD_VALUE(Enum, Name, Spelling)                                      \
  if (llvm::StringRef(Spelling).size()) {                                      \
    Builder.insert(Spelling);                                                  \
    EXPECT_TRUE(Known(Spelling)) << Spelling;                                  \
  }
#include "tcgen05/Build/BuilderQualifiers.def"
  // Words the builder writes itself, from flags or always.
  for (const char *W :
       {".sync", ".aligned", ".shared::cta", ".shared::cluster", ".b32", ".b64",
        ".pack::16b", ".unpack::16b", ".abs", ".NaN", ".block_scale", ".ashift",
        ".down", ".b8x16", ".mbarrier::arrive::one", ".multicast::cluster"})
    Builder.insert(W);
  for (const rules::QualRule &R : rules::qualifierRules()) {
    // '.collector::' is the checker's prefix rule for misspelled usages.
    if (R.Spelling.ends_with("::"))
      continue;
    EXPECT_TRUE(Builder.contains(R.Spelling))
        << R.Spelling.str() << " has no builder enumerator";
  }
}

/// Every form of the forms table has a builder, and a built instruction is
/// named as its form: its text starts with the form's spelling.
TEST(BuilderTest, EveryFormOfTheTableIsBuiltAndNamedByIt) {
  std::vector<std::pair<Instr, BuildTarget>> Built;
  for (auto &[I, Text] : everyForm())
    Built.push_back({I, BuildTarget()});
  BuildTarget LdRedTarget{"sm_103a", 88};
  Built.push_back(
      {ldRed({LdStShape::S32x32b, Num::X2, RedOp::Min, RedType::U32},
             Value::vec({R2, R3}), R4, R1),
       LdRedTarget});
  Built.push_back(
      {mma({CtaGroup::One, Kind::F16, true, true}, {R1, RD1, RD2, R2, P1, R3}),
       BuildTarget()});
  Built.push_back({fence(FenceKind::AfterThreadSync), BuildTarget()});
  std::set<unsigned> Forms;
  for (auto &[I, T] : Built) {
    Forms.insert(static_cast<unsigned>(I.form()));
    std::string Text = I.str();
    llvm::StringRef Name = tcgen05FormSpelling(I.form()).Spelling;
    EXPECT_EQ(I.name(), Name);
    EXPECT_TRUE(llvm::StringRef(Text).starts_with(Name) &&
                llvm::StringRef(".; ").contains(Text[Name.size()]))
        << Text;
    EXPECT_EQ(codes(I, T), std::vector<unsigned>{}) << Text;
  }
  EXPECT_EQ(Forms.size(), tcgen05FormSpellings().size());
}
