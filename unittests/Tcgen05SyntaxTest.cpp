//===- Tcgen05SyntaxTest.cpp - The structured tcgen05 parse ---------------===//
//
// Valid forms of every tcgen05 instruction (opcode, qualifier classes and
// operand roles) and malformed ones (one TC30xx at the right column, its code
// saying which syntax rule broke).
// Word positions follow CUDA 13.0's ptxas.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Syntax/Tcgen05Syntax.h"
#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Parse/Parser.h"

#include "gtest/gtest.h"

#include <string>
#include <utility>
#include <vector>

using namespace tcgen05;

namespace {

using C = Tcgen05QualClass;
using R = Tcgen05OperandRole;

/// One statement on line 6 of a small module, parsed generically and then
/// by the tcgen05 grammar.
class Tcgen05SyntaxTest : public ::testing::Test {
protected:
  static constexpr unsigned StatementLine = 6;

  void parse(const std::string &Statement) {
    Text = ".version 9.0\n"
           ".target sm_100a\n"
           ".address_size 64\n"
           ".visible .entry k()\n"
           "{\n" +
           Statement + "\n}\n";
    M = Module();
    Sink = DiagnosticSink();
    parseModule(Text, M, Sink);
    ASSERT_EQ(M.Functions.size(), 1u);
    F = &M.Functions[0];
    parseFunctionBody(*F, Sink, &T5);
  }

  /// Parses a statement that must be valid and returns its tcgen05 form.
  const Tcgen05Inst &valid(const std::string &Statement) {
    parse(Statement);
    for (const Diagnostic &D : Sink.diagnostics())
      ADD_FAILURE() << Statement << "\n  unexpected: " << D.Message;
    static const Tcgen05Inst None{};
    if (F->Instructions.size() != 1 ||
        F->Instructions[0].Tcgen05 == Instruction::NoTcgen05) {
      ADD_FAILURE() << Statement << "\n  has no tcgen05 form";
      return None;
    }
    return F->Tcgen05[F->Instructions[0].Tcgen05];
  }

  /// The statement must get exactly one diagnostic ID, at Column of
  /// its line, whose message contains Message.  Returns it.
  const Diagnostic *invalid(const std::string &Statement, DiagID ID,
                            unsigned Column, const std::string &Message) {
    parse(Statement);
    if (Sink.diagnostics().size() != 1) {
      ADD_FAILURE() << Statement << "\n  expected one diagnostic, got "
                    << Sink.diagnostics().size();
      for (const Diagnostic &D : Sink.diagnostics())
        ADD_FAILURE() << "  " << D.Message;
      return nullptr;
    }
    const Diagnostic &D = Sink.diagnostics()[0];
    EXPECT_EQ(D.ID, ID) << Statement << "\n  " << D.Message;
    EXPECT_EQ(lineOf(D.Range.Start), StatementLine) << D.Message;
    EXPECT_EQ(columnOf(D.Range.Start), Column)
        << Statement << "\n  " << D.Message;
    EXPECT_NE(D.Message.find(Message), std::string::npos)
        << "message: " << D.Message << "\n  wanted: " << Message;
    EXPECT_EQ(F->Tcgen05.size(), 0u);
    return &D;
  }

  std::vector<std::pair<std::string, C>> qualifiers(const Tcgen05Inst &I) {
    std::vector<std::pair<std::string, C>> Out;
    for (uint32_t K = 0; K < I.NumQualifiers; ++K) {
      const Tcgen05Qualifier &Q =
          F->Tcgen05Nodes.Qualifiers[I.FirstQualifier + K];
      Out.emplace_back(F->Qualifiers[Q.Qualifier].text().str(), Q.Class);
    }
    return Out;
  }

  std::vector<std::pair<R, std::string>> operands(const Tcgen05Inst &I) {
    std::vector<std::pair<R, std::string>> Out;
    for (uint32_t K = 0; K < I.NumOperands; ++K) {
      const Tcgen05Operand &O = F->Tcgen05Nodes.Operands[I.FirstOperand + K];
      Out.emplace_back(O.Role, F->Operands[O.Operand].text().str());
    }
    return Out;
  }

  std::vector<R> roles(const Tcgen05Inst &I) {
    std::vector<R> Out;
    for (const auto &O : operands(I))
      Out.push_back(O.first);
    return Out;
  }

  std::vector<C> classes(const Tcgen05Inst &I) {
    std::vector<C> Out;
    for (const auto &Q : qualifiers(I))
      Out.push_back(Q.second);
    return Out;
  }

  unsigned lineOf(llvm::SMLoc L) const {
    unsigned Line = 1;
    for (const char *P = Text.data(); P < L.getPointer(); ++P)
      Line += *P == '\n';
    return Line;
  }
  unsigned columnOf(llvm::SMLoc L) const {
    const char *P = L.getPointer();
    unsigned Column = 1;
    while (P > Text.data() && P[-1] != '\n') {
      --P;
      ++Column;
    }
    return Column;
  }

  std::string Text;
  Module M;
  Function *F = nullptr;
  DiagnosticSink Sink;
  Tcgen05SyntaxParser T5;
};

//===----------------------------------------------------------------------===//
// Valid forms (9.7.16.7 - 9.7.16.12)
//===----------------------------------------------------------------------===//

TEST_F(Tcgen05SyntaxTest, Alloc) {
  const Tcgen05Inst &I = valid(
      "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%rd1], 32;");
  EXPECT_EQ(I.Opcode, Tcgen05Opcode::Alloc);
  EXPECT_EQ(qualifiers(I), (std::vector<std::pair<std::string, C>>{
                               {".alloc", C::Variant},
                               {".cta_group::1", C::CtaGroup},
                               {".sync", C::Sync},
                               {".aligned", C::Aligned},
                               {".shared::cta", C::StateSpace},
                               {".b32", C::Type}}));
  EXPECT_EQ(operands(I), (std::vector<std::pair<R, std::string>>{
                             {R::Dst, "[%rd1]"}, {R::NCols, "32"}}));
}

TEST_F(Tcgen05SyntaxTest, AllocAddressForms) {
  for (const char *Dst : {"[smem]", "[smem+8]", "[%rd1+0x10]", "[%r1+-8]"}) {
    const Tcgen05Inst &I =
        valid(std::string("tcgen05.alloc.cta_group::2.sync.aligned.b32 ") +
              Dst + ", %r2;");
    EXPECT_EQ(operands(I), (std::vector<std::pair<R, std::string>>{
                               {R::Dst, Dst}, {R::NCols, "%r2"}}));
  }
}

TEST_F(Tcgen05SyntaxTest, DeallocAndRelinquish) {
  const Tcgen05Inst &D =
      valid("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r5, 512;");
  EXPECT_EQ(D.Opcode, Tcgen05Opcode::Dealloc);
  EXPECT_EQ(roles(D), (std::vector<R>{R::TAddr, R::NCols}));

  const Tcgen05Inst &Rl =
      valid("tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;");
  EXPECT_EQ(Rl.Opcode, Tcgen05Opcode::RelinquishAllocPermit);
  EXPECT_EQ(classes(Rl),
            (std::vector<C>{C::Variant, C::CtaGroup, C::Sync, C::Aligned}));
  EXPECT_EQ(Rl.NumOperands, 0u);
}

TEST_F(Tcgen05SyntaxTest, Ld) {
  const Tcgen05Inst &I = valid(
      "tcgen05.ld.sync.aligned.16x128b.x1.pack::16b.b32 {%r1, %r2}, [%r3];");
  EXPECT_EQ(I.Opcode, Tcgen05Opcode::Ld);
  EXPECT_EQ(classes(I), (std::vector<C>{C::Variant, C::Sync, C::Aligned,
                                        C::Shape, C::Num, C::Pack, C::Type}));
  EXPECT_EQ(operands(I), (std::vector<std::pair<R, std::string>>{
                             {R::Values, "{%r1, %r2}"}, {R::TAddr, "[%r3]"}}));
}

TEST_F(Tcgen05SyntaxTest, LdHalfSplitoff) {
  const Tcgen05Inst &I = valid("tcgen05.ld.sync.aligned.16x32bx2.x2.b32 "
                               "{%r1, %r1}, [%r3+4], 0x10;");
  EXPECT_EQ(roles(I),
            (std::vector<R>{R::Values, R::TAddr, R::ImmHalfSplitoff}));
}

TEST_F(Tcgen05SyntaxTest, LdVectorOf128Registers) {
  std::string Vector = "{";
  for (int K = 0; K < 128; ++K)
    Vector += (K ? ", %r" : "%r") + std::to_string(K);
  Vector += "}";
  const Tcgen05Inst &I =
      valid("tcgen05.ld.sync.aligned.32x32b.x128.b32 " + Vector + ", [%r200];");
  EXPECT_EQ(roles(I), (std::vector<R>{R::Values, R::TAddr}));
  EXPECT_EQ(F->Operands[F->Tcgen05Nodes.Operands[I.FirstOperand].Operand]
                .children()
                .Count,
            128u);
}

TEST_F(Tcgen05SyntaxTest, LdRed) {
  const Tcgen05Inst &I =
      valid("tcgen05.ld.red.sync.aligned.16x32bx2.x2.f32.min.abs.NaN "
            "{%f1, %f2}, %f3, [%r1], 16;");
  EXPECT_EQ(I.Opcode, Tcgen05Opcode::Ld);
  EXPECT_EQ(qualifiers(I).front(),
            std::make_pair(std::string(".ld"), C::Variant));
  EXPECT_EQ(classes(I), (std::vector<C>{C::Variant, C::Variant, C::Sync,
                                        C::Aligned, C::Shape, C::Num, C::Type,
                                        C::RedOp, C::Abs, C::NaN}));
  EXPECT_EQ(roles(I), (std::vector<R>{R::Values, R::RedVal, R::TAddr,
                                      R::ImmHalfSplitoff}));
}

TEST_F(Tcgen05SyntaxTest, LdRedOperationBeforeType) {
  const Tcgen05Inst &I = valid("tcgen05.ld.red.sync.aligned.32x32b.x2.max.u32 "
                               "{%r1, %r2}, {%r3}, [%r4];");
  EXPECT_EQ(roles(I), (std::vector<R>{R::Values, R::RedVal, R::TAddr}));
}

TEST_F(Tcgen05SyntaxTest, St) {
  const Tcgen05Inst &I = valid("tcgen05.st.sync.aligned.16x128b.x1.unpack::"
                               "16b.b32 [%r1], {%r2, %r3};");
  EXPECT_EQ(I.Opcode, Tcgen05Opcode::St);
  EXPECT_EQ(classes(I), (std::vector<C>{C::Variant, C::Sync, C::Aligned,
                                        C::Shape, C::Num, C::Pack, C::Type}));
  EXPECT_EQ(roles(I), (std::vector<R>{R::TAddr, R::Values}));

  const Tcgen05Inst &S2 = valid("tcgen05.st.sync.aligned.16x32bx2.x1.b32 "
                                "[%r1], 16, {%r2};");
  EXPECT_EQ(roles(S2),
            (std::vector<R>{R::TAddr, R::ImmHalfSplitoff, R::Values}));
}

TEST_F(Tcgen05SyntaxTest, Wait) {
  for (const char *S :
       {"tcgen05.wait::ld.sync.aligned;", "tcgen05.wait::st.aligned.sync;"}) {
    const Tcgen05Inst &I = valid(S);
    EXPECT_EQ(I.Opcode, Tcgen05Opcode::Wait);
    EXPECT_EQ(qualifiers(I)[0].second, C::Variant);
    EXPECT_EQ(I.NumOperands, 0u);
  }
}

TEST_F(Tcgen05SyntaxTest, Cp) {
  const Tcgen05Inst &I =
      valid("tcgen05.cp.cta_group::2.128x128b.b8x16.b6x16_p32 [%r1], %rd1;");
  EXPECT_EQ(I.Opcode, Tcgen05Opcode::Cp);
  EXPECT_EQ(classes(I), (std::vector<C>{C::Variant, C::CtaGroup, C::Shape,
                                        C::DstFmt, C::SrcFmt}));
  EXPECT_EQ(roles(I), (std::vector<R>{R::TAddr, R::SDesc}));

  const Tcgen05Inst &M =
      valid("tcgen05.cp.cta_group::1.64x128b.warpx2::02_13 [%r1], %rd1;");
  EXPECT_EQ(classes(M),
            (std::vector<C>{C::Variant, C::CtaGroup, C::Shape, C::Multicast}));
}

TEST_F(Tcgen05SyntaxTest, ShiftInEitherOrder) {
  for (const char *S : {"tcgen05.shift.cta_group::1.down [%r1];",
                        "tcgen05.shift.down.cta_group::2 [%r1+32];"}) {
    const Tcgen05Inst &I = valid(S);
    EXPECT_EQ(I.Opcode, Tcgen05Opcode::Shift);
    EXPECT_EQ(roles(I), (std::vector<R>{R::TAddr}));
  }
  EXPECT_EQ(classes(valid("tcgen05.shift.down.cta_group::2 [%r1];")),
            (std::vector<C>{C::Variant, C::Down, C::CtaGroup}));
}

TEST_F(Tcgen05SyntaxTest, MmaDense) {
  const Tcgen05Inst &I =
      valid("tcgen05.mma.cta_group::1.kind::tf32 [%r1], %rd1, %rd2, %r2, "
            "{%r3, %r3, %r3, %r3}, %p1, 3;");
  EXPECT_EQ(I.Opcode, Tcgen05Opcode::Mma);
  EXPECT_EQ(classes(I), (std::vector<C>{C::Variant, C::CtaGroup, C::Kind}));
  EXPECT_EQ(roles(I), (std::vector<R>{R::DTmem, R::ADesc, R::BDesc, R::IDesc,
                                      R::DisableOutputLane, R::EnableInputD,
                                      R::ScaleInputD}));
}

TEST_F(Tcgen05SyntaxTest, MmaOptionalOperands) {
  EXPECT_EQ(roles(valid("tcgen05.mma.cta_group::1.kind::f16 [%r1], [%r2], "
                        "%rd1, %r3, PRED_enable_input_d;")),
            (std::vector<R>{R::DTmem, R::ATmem, R::BDesc, R::IDesc,
                            R::EnableInputD}));
  EXPECT_EQ(roles(valid("tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, "
                        "%rd2, %r2, !%p1, 0;")),
            (std::vector<R>{R::DTmem, R::ADesc, R::BDesc, R::IDesc,
                            R::EnableInputD, R::ScaleInputD}));
  EXPECT_EQ(roles(valid("tcgen05.mma.cta_group::2.kind::i8 [%r1], 5, 6, "
                        "0x1234, {%r3, %r3, %r3, %r3, %r3, %r3, %r3, %r3}, "
                        "1;")),
            (std::vector<R>{R::DTmem, R::ADesc, R::BDesc, R::IDesc,
                            R::DisableOutputLane, R::EnableInputD}));
}

TEST_F(Tcgen05SyntaxTest, MmaBlockScale) {
  const Tcgen05Inst &I =
      valid("tcgen05.mma.cta_group::2.kind::mxf4nvf4.block_scale.block16."
            "collector::a::fill [%r1], [%r2], %rd1, %r3, [%r4], [%r5], %p1;");
  EXPECT_EQ(classes(I),
            (std::vector<C>{C::Variant, C::CtaGroup, C::Kind, C::BlockScale,
                            C::ScaleVec, C::Collector}));
  EXPECT_EQ(roles(I),
            (std::vector<R>{R::DTmem, R::ATmem, R::BDesc, R::IDesc,
                            R::ScaleATmem, R::ScaleBTmem, R::EnableInputD}));
}

TEST_F(Tcgen05SyntaxTest, MmaSparseQualifierAnywhere) {
  for (const char *S : {"tcgen05.mma.sp.cta_group::1.kind::f16",
                        "tcgen05.mma.cta_group::1.sp.kind::f16",
                        "tcgen05.mma.cta_group::1.kind::f16.sp"}) {
    const Tcgen05Inst &I =
        valid(std::string(S) + " [%r1], %rd1, %rd2, [%r3], %r2, %p1;");
    EXPECT_EQ(I.Opcode, Tcgen05Opcode::Mma);
    EXPECT_EQ(roles(I),
              (std::vector<R>{R::DTmem, R::ADesc, R::BDesc, R::SpMetaTmem,
                              R::IDesc, R::EnableInputD}));
    bool SparseIsVariant = false;
    for (const auto &Q : qualifiers(I))
      SparseIsVariant |= Q == std::make_pair(std::string(".sp"), C::Variant);
    EXPECT_TRUE(SparseIsVariant) << S;
  }
}

TEST_F(Tcgen05SyntaxTest, MmaSparseBlockScaleAshift) {
  const Tcgen05Inst &I =
      valid("tcgen05.mma.sp.cta_group::1.kind::mxf8f6f4.block_scale."
            "scale_vec::1X [%r1], [%r8], %rd2, [%r7], %r2, [%r3], [%r4], %p1;");
  EXPECT_EQ(roles(I), (std::vector<R>{R::DTmem, R::ATmem, R::BDesc,
                                      R::SpMetaTmem, R::IDesc, R::ScaleATmem,
                                      R::ScaleBTmem, R::EnableInputD}));
  EXPECT_EQ(classes(valid("tcgen05.mma.cta_group::1.kind::f16.ashift."
                          "collector::a::discard [%r1], [%r2], %rd1, %r3, "
                          "%p1;")),
            (std::vector<C>{C::Variant, C::CtaGroup, C::Kind, C::Ashift,
                            C::Collector}));
}

TEST_F(Tcgen05SyntaxTest, MmaWs) {
  const Tcgen05Inst &I =
      valid("tcgen05.mma.ws.cta_group::1.kind::f16.collector::b0::fill "
            "[%r1], %rd1, %rd2, %r2, %p1, %rd3;");
  EXPECT_EQ(I.Opcode, Tcgen05Opcode::Mma);
  EXPECT_EQ(qualifiers(I)[1], std::make_pair(std::string(".ws"), C::Variant));
  EXPECT_EQ(classes(I), (std::vector<C>{C::Variant, C::Variant, C::CtaGroup,
                                        C::Kind, C::Collector}));
  EXPECT_EQ(roles(I), (std::vector<R>{R::DTmem, R::ADesc, R::BDesc, R::IDesc,
                                      R::EnableInputD, R::ZeroColMask}));
}

TEST_F(Tcgen05SyntaxTest, MmaWsSparse) {
  for (const char *S : {"tcgen05.mma.ws.sp.cta_group::1.kind::i8",
                        "tcgen05.mma.ws.cta_group::1.kind::i8.sp"}) {
    const Tcgen05Inst &I =
        valid(std::string(S) + " [%r1], [%r2], %rd2, [%r3], %r4, %p1;");
    EXPECT_EQ(roles(I),
              (std::vector<R>{R::DTmem, R::ATmem, R::BDesc, R::SpMetaTmem,
                              R::IDesc, R::EnableInputD}));
  }
}

TEST_F(Tcgen05SyntaxTest, Fence) {
  for (const char *S : {"tcgen05.fence::before_thread_sync;",
                        "tcgen05.fence::after_thread_sync ;"}) {
    const Tcgen05Inst &I = valid(S);
    EXPECT_EQ(I.Opcode, Tcgen05Opcode::Fence);
    EXPECT_EQ(classes(I), (std::vector<C>{C::Variant}));
  }
}

TEST_F(Tcgen05SyntaxTest, Commit) {
  const Tcgen05Inst &I =
      valid("tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::"
            "cluster.multicast::cluster.b64 [%r1], %rs1;");
  EXPECT_EQ(I.Opcode, Tcgen05Opcode::Commit);
  EXPECT_EQ(classes(I), (std::vector<C>{C::Variant, C::CtaGroup, C::Completion,
                                        C::StateSpace, C::Multicast, C::Type}));
  EXPECT_EQ(roles(I), (std::vector<R>{R::MBar, R::CtaMask}));
  EXPECT_EQ(roles(valid("tcgen05.commit.b64.cta_group::1.mbarrier::arrive::"
                        "one [smem];")),
            (std::vector<R>{R::MBar}));
}

TEST_F(Tcgen05SyntaxTest, UnknownQualifiersAreLeftToTheChecker) {
  const Tcgen05Inst &I = valid(
      "tcgen05.mma.cta_group::1.kind::f99.bogus [%r1], %rd1, %rd2, %r2, %p1;");
  EXPECT_EQ(classes(I),
            (std::vector<C>{C::Variant, C::CtaGroup, C::Unknown, C::Unknown}));
  // Known words in the wrong instruction are classified, not rejected.
  EXPECT_EQ(classes(valid("tcgen05.fence::after_thread_sync.sync;")),
            (std::vector<C>{C::Variant, C::Sync}));
}

TEST_F(Tcgen05SyntaxTest, CommentsLineBreaksAndNoBlanks) {
  const Tcgen05Inst &I = valid("@%p1 tcgen05.mma.cta_group::1 // the group\n"
                               "   .kind::tf32 /* kind */ [%r1],\n"
                               "   %rd1, /* a */ %rd2, %r2, // idesc\n"
                               "   {%r3, %r3, %r3, %r3}, %p2;");
  EXPECT_EQ(roles(I), (std::vector<R>{R::DTmem, R::ADesc, R::BDesc, R::IDesc,
                                      R::DisableOutputLane, R::EnableInputD}));
  const Tcgen05Inst &L =
      valid("tcgen05.ld.sync.aligned.32x32b.x2.b32{%r1, %r2},[%r3];");
  EXPECT_EQ(roles(L), (std::vector<R>{R::Values, R::TAddr}));
}

TEST_F(Tcgen05SyntaxTest, OneParserForManyStatements) {
  parse("tcgen05.alloc.cta_group::1.sync.aligned.b32 [%rd1], 32;\n"
        "tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1;\n"
        "tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [%rd2];\n"
        "tcgen05.wait::st.sync.aligned;");
  EXPECT_TRUE(Sink.diagnostics().empty());
  ASSERT_EQ(F->Tcgen05.size(), 4u);
  EXPECT_EQ(F->Tcgen05[1].Opcode, Tcgen05Opcode::Mma);
  EXPECT_EQ(F->Tcgen05[3].Instruction, 3u);
  EXPECT_EQ(F->Tcgen05Nodes.Qualifiers.size(), 5u + 3u + 4u + 3u);
}

//===----------------------------------------------------------------------===//
// Word positions (ptxas: '.ws' and '.red' only right after '.mma' / '.ld')
//===----------------------------------------------------------------------===//

TEST_F(Tcgen05SyntaxTest, WsMustFollowMma) {
  invalid("tcgen05.mma.cta_group::1.kind::f16.ws [%r1], %rd1, %rd2, %r2, %p1;",
          DiagID::err_tcgen05_word_position, 35,
          "'.ws' must directly follow '.mma'");
  invalid("tcgen05.mma.sp.ws.cta_group::1.kind::f16 [%r1], %rd1, %rd2, [%r3], "
          "%r2, %p1;",
          DiagID::err_tcgen05_word_position, 15,
          "'.ws' must directly follow '.mma'");
}

TEST_F(Tcgen05SyntaxTest, RedMustFollowLd) {
  invalid("tcgen05.ld.sync.red.aligned.32x32b.x2.f32.min {%f1, %f2}, %f3, "
          "[%r1];",
          DiagID::err_tcgen05_word_position, 16,
          "'.red' must directly follow '.ld'");
}

TEST_F(Tcgen05SyntaxTest, NameWordsAreNoQualifiers) {
  invalid("tcgen05.ld.sync.aligned.32x32b.x2.b32.sp {%r1, %r2}, [%r3];",
          DiagID::err_tcgen05_word_not_here, 38,
          "'.sp' is only valid on tcgen05.mma");
  invalid("tcgen05.ld.sync.aligned.32x32b.x2.b32.mma {%r1, %r2}, [%r3];",
          DiagID::err_tcgen05_name_as_qualifier, 38,
          "'.mma' names an instruction");
  invalid("tcgen05.wait::ld.wait::st.sync.aligned;",
          DiagID::err_tcgen05_name_as_qualifier, 17,
          "'.wait::st' names an instruction");
}

TEST_F(Tcgen05SyntaxTest, InstructionNames) {
  const Diagnostic *D =
      invalid("tcgen05.foo.bar [%r1], %r2;",
              DiagID::err_tcgen05_unknown_instruction, 8, "'tcgen05.foo'");
  ASSERT_TRUE(D);
  ASSERT_FALSE(D->Notes.empty());
  EXPECT_NE(D->Notes[0].Message.find("tcgen05.mma.ws.sp"), std::string::npos);
  invalid("tcgen05.cta_group::1.mma.kind::f16 [%r1], %rd1, %rd2, %r2, %p1;",
          DiagID::err_tcgen05_unknown_instruction, 8, "'tcgen05.cta_group::1'");
  invalid("tcgen05.wait.sync.aligned;", DiagID::err_tcgen05_expected_token, 8,
          "expected '.wait::ld' or '.wait::st', found '.wait'");
  invalid("tcgen05.fence::foo;", DiagID::err_tcgen05_expected_token, 8,
          "expected '.fence::before_thread_sync' or "
          "'.fence::after_thread_sync'");
  invalid("tcgen05 [%r1];", DiagID::err_tcgen05_expected_name, 9,
          "expected an instruction name");
}

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

TEST_F(Tcgen05SyntaxTest, AddressExpected) {
  const Diagnostic *D = invalid(
      "tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r1, %r2}, %r3;",
      DiagID::err_tcgen05_expected_operand, 51,
      "malformed tcgen05.ld: expected [taddr] (a tensor memory address in "
      "brackets), found '%r3'");
  ASSERT_TRUE(D);
  ASSERT_EQ(D->Notes.size(), 2u);
  EXPECT_EQ(D->Notes[0].ID, DiagID::note_tcgen05_forms);
  EXPECT_NE(D->Notes[0].Message.find("r, [taddr]"), std::string::npos);
  EXPECT_EQ(D->Notes[1].Message, "see PTX ISA 9.7.16.8.3");

  invalid("tcgen05.alloc.cta_group::1.sync.aligned.b32 %rd1, 32;",
          DiagID::err_tcgen05_expected_operand, 45, "expected [dst]");
  invalid("tcgen05.shift.cta_group::1.down %r1;",
          DiagID::err_tcgen05_expected_operand, 33, "expected [taddr]");
  invalid("tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 %rd1;",
          DiagID::err_tcgen05_expected_operand, 55, "expected [mbar]");
}

TEST_F(Tcgen05SyntaxTest, ValueExpected) {
  invalid("tcgen05.dealloc.cta_group::1.sync.aligned.b32 [%r1], 32;",
          DiagID::err_tcgen05_expected_operand, 47,
          "expected taddr (a register holding the tensor memory address, "
          "without brackets), found '['");
  invalid("tcgen05.cp.cta_group::1.128x256b [%r1], [%rd1];",
          DiagID::err_tcgen05_expected_operand, 41, "expected s-desc");
  invalid("tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, [%rd2], %r2, %p1;",
          DiagID::err_tcgen05_expected_operand, 49, "expected b-desc");
  invalid("tcgen05.mma.cta_group::1.kind::f16 [%r1], !%rd1, %rd2, %r2, %p1;",
          DiagID::err_tcgen05_expected_operand, 43,
          "expected a-desc (a 64-bit register) or [a-tmem]");
}

TEST_F(Tcgen05SyntaxTest, VectorExpected) {
  invalid("tcgen05.ld.sync.aligned.32x32b.x1.b32 %r1, [%r3];",
          DiagID::err_tcgen05_expected_operand, 39,
          "expected r (a brace-enclosed vector of registers), found '%r1'");
  invalid("tcgen05.st.sync.aligned.32x32b.x1.b32 [%r3], %r1;",
          DiagID::err_tcgen05_expected_operand, 46,
          "expected r (a brace-enclosed vector of registers), found '%r1'");
}

TEST_F(Tcgen05SyntaxTest, OperandCounts) {
  invalid("tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2;",
          DiagID::err_tcgen05_missing_comma, 58,
          "too few operands: expected ',' after idesc, found ';'");
  invalid("tcgen05.alloc.cta_group::1.sync.aligned.b32 [%rd1];",
          DiagID::err_tcgen05_missing_comma, 51,
          "too few operands: expected ',' after [dst]");
  invalid("tcgen05.shift.cta_group::1.down [%r1], %r2;",
          DiagID::err_tcgen05_extra_operand, 38,
          "too many operands: expected ';' after [taddr], found ','");
  invalid("tcgen05.mma.ws.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1, "
          "%rd3, 3;",
          DiagID::err_tcgen05_extra_operand, 72,
          "too many operands: expected ';' after "
          "zero-column-mask-desc");
  invalid("tcgen05.fence::before_thread_sync %r1;",
          DiagID::err_tcgen05_no_operands, 35,
          "expected ';' (the instruction takes no operands), found '%r1'");
}

TEST_F(Tcgen05SyntaxTest, MmaTails) {
  invalid("tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, "
          "{%r3, %r3, %r3, %r3};",
          DiagID::err_tcgen05_missing_comma, 80,
          "too few operands: expected ',' after "
          "{ disable-output-lane }");
  invalid("tcgen05.mma.ws.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, "
          "{%r3, %r3, %r3, %r3}, %p1;",
          DiagID::err_tcgen05_expected_operand, 63,
          "expected enable-input-d (a predicate), found '{'");
  invalid("tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale [%r1], %rd1, "
          "%rd2, %r2, [%r3], [%r4], %p1, 3;",
          DiagID::err_tcgen05_extra_operand, 94,
          "too many operands: expected ';' after enable-input-d");
  invalid("tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1, "
          "1.5;",
          DiagID::err_tcgen05_expected_operand, 65,
          "expected scale-input-d (an integer), found '1.5'");
}

TEST_F(Tcgen05SyntaxTest, RedvalNeedsRed) {
  invalid("tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r1, %r2}, %r3, [%r4];",
          DiagID::err_tcgen05_redval_needs_red, 51,
          "a redval operand needs tcgen05.ld.red");
  invalid("tcgen05.ld.red.sync.aligned.32x32b.x2.f32.min {%f1, %f2}, [%r1];",
          DiagID::err_tcgen05_expected_operand, 59,
          "expected redval (a register), found '['");
}

TEST_F(Tcgen05SyntaxTest, SparseMetadataFollowsSp) {
  invalid("tcgen05.mma.sp.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1;",
          DiagID::err_tcgen05_missing_variant_operand, 58,
          "expected [sp-meta-tmem] (an address in brackets) after "
          "b-desc, as '.sp' requires, found '%r2'");
  invalid("tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, [%r5], %r2, "
          "%p1;",
          DiagID::err_tcgen05_operand_without_variant, 55,
          "[sp-meta-tmem] is an operand of the '.sp' forms");
  invalid("tcgen05.mma.ws.cta_group::1.kind::f16 [%r1], %rd1, %rd2, [%r5], "
          "%r2, %p1;",
          DiagID::err_tcgen05_operand_without_variant, 58,
          "this instruction has no '.sp'");
}

TEST_F(Tcgen05SyntaxTest, ScaleOperandsFollowBlockScale) {
  invalid("tcgen05.mma.cta_group::1.kind::mxf4.block_scale [%r1], %rd1, %rd2, "
          "%r2, %p1;",
          DiagID::err_tcgen05_missing_variant_operand, 73,
          "expected [scale-A-tmem] (an address in brackets) after "
          "idesc, as '.block_scale' requires, found '%p1'");
  invalid("tcgen05.mma.cta_group::1.kind::mxf4 [%r1], %rd1, %rd2, %r2, [%r3], "
          "[%r4], %p1;",
          DiagID::err_tcgen05_operand_without_variant, 61,
          "this instruction has no '.block_scale'");
}

TEST_F(Tcgen05SyntaxTest, InsideAnOperand) {
  invalid("tcgen05.cp.cta_group::1.128x256b [], %rd1;",
          DiagID::err_tcgen05_expected_address, 35,
          "expected a register, symbol or integer in [taddr], found ']'");
}

TEST_F(Tcgen05SyntaxTest, InsideAVector) {
  invalid("tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, "
          "{[%r1]}, %p1;",
          DiagID::err_tcgen05_expected_vector_element, 61,
          "expected a register in the vector { disable-output-lane }");
}

TEST_F(Tcgen05SyntaxTest, DuplicateNameWords) {
  invalid("tcgen05.ld.red.red.sync.aligned.32x32b.x2.f32.min {%f1, %f2}, %f3, "
          "[%r1];",
          DiagID::err_tcgen05_duplicate_word, 15, "duplicate '.red'");
  invalid("tcgen05.mma.ws.ws.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, "
          "%p1;",
          DiagID::err_tcgen05_duplicate_word, 15, "duplicate '.ws'");
}

// The PTX lexer reports the byte; offsets into the statement stay exact.
TEST_F(Tcgen05SyntaxTest, NonAsciiInAComment) {
  parse("tcgen05.mma.cta_group::1 /* gr\xc3\xb6\xc3\x9f"
        "e */ .kind::f16 "
        "[%r1], %rd1, %rd2, %r2, %p1;");
  for (const Diagnostic &D : Sink.diagnostics())
    EXPECT_EQ(D.code(), 1001u) << D.Message;
  ASSERT_EQ(F->Tcgen05.size(), 1u);
  EXPECT_EQ(roles(F->Tcgen05[0]), (std::vector<R>{R::DTmem, R::ADesc, R::BDesc,
                                                  R::IDesc, R::EnableInputD}));
  EXPECT_EQ(qualifiers(F->Tcgen05[0]).back(),
            std::make_pair(std::string(".kind::f16"), C::Kind));
}

TEST_F(Tcgen05SyntaxTest, ErrorRangeCoversTheToken) {
  const Diagnostic *D = invalid(
      "tcgen05.mma.cta_group::1.kind::f16.ws [%r1], %rd1, %rd2, %r2, %p1;",
      DiagID::err_tcgen05_word_position, 35, "'.ws'");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Range.End.getPointer() - D->Range.Start.getPointer(), 3);
}

} // namespace
