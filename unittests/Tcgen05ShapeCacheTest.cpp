// The per-shape cache of the tcgen05 parser must give exactly what a fresh
// parse gives, and must not conflate statements whose operand forms differ.
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Parse/Parser.h"
#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include "gtest/gtest.h"

using namespace tcgen05;

namespace {

/// Parses Body as the body of a kernel; M must outlive the result.
Function &parseKernel(const std::string &Body, Module &M, std::string &Text,
                      DiagnosticSink &Sink, Tcgen05SyntaxParser &T5) {
  Text = ".version 9.0\n.target sm_100a\n.address_size 64\n"
         ".visible .entry k()\n{\n" +
         Body + "\n}\n";
  parseModule(Text, M, Sink);
  Function &F = M.Functions.at(0);
  parseFunctionBody(F, Sink, &T5);
  return F;
}

/// How many diagnostics a parse of Body reports, and how many tcgen05
/// statements it parses.
std::pair<size_t, size_t> outcome(const std::string &Body,
                                  Tcgen05SyntaxParser &T5) {
  Module M;
  std::string Text;
  DiagnosticSink Sink;
  Function &F = parseKernel(Body, M, Text, Sink, T5);
  return {Sink.diagnostics().size(), F.Tcgen05.size()};
}

std::vector<std::vector<int>> roles(const std::string &Body,
                                    Tcgen05SyntaxParser &T5) {
  Module M;
  std::string Text;
  DiagnosticSink Sink;
  Function &F = parseKernel(Body, M, Text, Sink, T5);
  EXPECT_TRUE(Sink.diagnostics().empty());
  std::vector<std::vector<int>> Out;
  for (const Tcgen05Inst &I : F.Tcgen05) {
    std::vector<int> R;
    for (uint32_t K = 0; K < I.NumOperands; ++K) {
      const Tcgen05Operand &O = F.Tcgen05Nodes.Operands[I.FirstOperand + K];
      R.push_back(static_cast<int>(O.Role));
      EXPECT_EQ(O.Operand, F.Instructions[I.Instruction].Operands.First + K);
    }
    for (uint32_t K = 0; K < I.NumQualifiers; ++K)
      R.push_back(100 +
                  static_cast<int>(
                      F.Tcgen05Nodes.Qualifiers[I.FirstQualifier + K].Class));
    Out.push_back(R);
  }
  return Out;
}

const char *const DescForm =
    "tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1;";
const char *const DescFormOtherRegs =
    "tcgen05.mma.cta_group::1.kind::f16 [%r9], %rd7, %rd8, %r3, %p2;";
const char *const TmemForm =
    "tcgen05.mma.cta_group::1.kind::f16 [%r1], [%r4], %rd2, %r2, %p1;";

} // namespace

TEST(Tcgen05ShapeCacheTest, CachedResultEqualsFreshParse) {
  Tcgen05SyntaxParser Fresh1, Fresh2, Shared;
  auto A = roles(DescForm, Fresh1);
  auto B = roles(DescFormOtherRegs, Fresh2);
  auto Both = roles(std::string(DescForm) + "\n" + DescFormOtherRegs, Shared);
  ASSERT_EQ(Both.size(), 2u);
  EXPECT_EQ(Both[0], A[0]);
  EXPECT_EQ(Both[1], B[0]);
}

TEST(Tcgen05ShapeCacheTest, DifferentOperandFormsAreNotConflated) {
  Tcgen05SyntaxParser Shared, Fresh;
  auto Both = roles(std::string(DescForm) + "\n" + TmemForm, Shared);
  auto Tmem = roles(TmemForm, Fresh);
  ASSERT_EQ(Both.size(), 2u);
  EXPECT_NE(Both[0], Both[1]);
  EXPECT_EQ(Both[1], Tmem[0]);
}

TEST(Tcgen05ShapeCacheTest, ParsersSharingACacheParseEachShapeOnce) {
  Tcgen05ShapeCache Cache;
  Tcgen05SyntaxParser A(&Cache), B(&Cache);
  auto First = roles(DescForm, A);
  EXPECT_EQ(Cache.grammarParses(), 1u);
  // Another parser (another thread, another file), the same shape.
  auto Again = roles(DescFormOtherRegs, B);
  EXPECT_EQ(Cache.grammarParses(), 1u);
  EXPECT_EQ(Again, First);
  // A new shape is parsed once, and gives what a fresh parse gives.
  auto Tmem = roles(std::string(TmemForm) + "\n" + TmemForm, B);
  EXPECT_EQ(Cache.grammarParses(), 2u);
  roles(TmemForm, A);
  EXPECT_EQ(Cache.grammarParses(), 2u);
  Tcgen05SyntaxParser Fresh;
  auto Alone = roles(TmemForm, Fresh);
  ASSERT_EQ(Tmem.size(), 2u);
  EXPECT_EQ(Tmem[1], Alone[0]);
}

TEST(Tcgen05ShapeCacheTest, QualifiersOfOneClassShareAShape) {
  Tcgen05ShapeCache Cache;
  Tcgen05SyntaxParser A(&Cache);
  const char *Wide = "tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r1, %r2}, [%r3];";
  const char *Tall = "tcgen05.ld.sync.aligned.16x64b.x4.b32 {%r4, %r5}, [%r6];";
  const char *Packed =
      "tcgen05.ld.sync.aligned.32x32b.x2.pack::16b.b32 {%r1, %r2}, [%r3];";
  auto Shared = roles(std::string(Wide) + "\n" + Tall, A);
  EXPECT_EQ(Cache.grammarParses(), 1u);
  // One more qualifier is another class sequence, so another shape.
  auto WithPack = roles(Packed, A);
  EXPECT_EQ(Cache.grammarParses(), 2u);
  Tcgen05SyntaxParser Fresh1, Fresh2, Fresh3;
  ASSERT_EQ(Shared.size(), 2u);
  EXPECT_EQ(Shared[0], roles(Wide, Fresh1)[0]);
  EXPECT_EQ(Shared[1], roles(Tall, Fresh2)[0]);
  EXPECT_EQ(WithPack, roles(Packed, Fresh3));
  EXPECT_NE(WithPack[0], Shared[0]);
  // As many qualifiers, one of another class in the place of '.x2'.
  const char *NoNum =
      "tcgen05.ld.sync.aligned.32x32b.pack::16b.b32 {%r1, %r2}, [%r3];";
  auto Other = roles(NoNum, A);
  EXPECT_EQ(Cache.grammarParses(), 3u);
  Tcgen05SyntaxParser Fresh4;
  EXPECT_EQ(Other, roles(NoNum, Fresh4));
}

TEST(Tcgen05ShapeCacheTest, WordsThatNameFormsStaySpelled) {
  // '.ws' is a token of its own and makes the mma a weight-stationary one;
  // '.wsx' is a qualifier of no form, which the checker reports later.
  // Taken for one class, the second would get the first's operand roles.
  const char *Ws = "tcgen05.mma.ws.cta_group::1.kind::f16 [%r1], %rd1, %rd2, "
                   "%r2, %p1, %rd3;";
  const char *NotWs = "tcgen05.mma.wsx.cta_group::1.kind::f16 [%r1], %rd1, "
                      "%rd2, %r2, %p1, %rd3;";
  Tcgen05ShapeCache Cache;
  Tcgen05SyntaxParser A(&Cache);
  auto Both = roles(std::string(Ws) + "\n" + NotWs, A);
  EXPECT_EQ(Cache.grammarParses(), 2u);
  Tcgen05SyntaxParser Fresh;
  ASSERT_EQ(Both.size(), 2u);
  EXPECT_EQ(Both[1], roles(NotWs, Fresh)[0]);
  EXPECT_NE(Both[0], Both[1]);
}

TEST(Tcgen05ShapeCacheTest, StatementsWithBytesThePTXLexerSkips) {
  const char *Clean = "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, %r2;";
  // The grammar sees a non-ASCII byte as a token, the shape does not: the
  // statement must fail to parse whether or not its shape was seen.
  const char *NonAscii =
      "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1,\xff %r2;";
  // A line marker is passed over, as ptxas does, in a comment or not.
  const char *Marker = "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1,\n"
                       "# 7 \"k.cu\" /* ; */\n/* # */ %r2 // #\n;";
  Tcgen05SyntaxParser Warm, Cold1, Cold2;
  EXPECT_EQ(outcome(Clean, Warm), std::make_pair(size_t(0), size_t(1)));
  EXPECT_EQ(outcome(NonAscii, Warm), outcome(NonAscii, Cold1));
  EXPECT_EQ(outcome(NonAscii, Cold1).second, 0u);
  EXPECT_EQ(outcome(Marker, Cold2), std::make_pair(size_t(0), size_t(1)));
}

TEST(Tcgen05ShapeCacheTest, AStrayCharacterBreaksItsOwnStatementOnly) {
  const char *Clean =
      "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r2], 128;";
  // Reported by the PTX lexer, right after the opcode: the statement is
  // not parsed again by the grammar, whatever shape it was taken for.
  const char *Stray =
      "tcgen05'.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r2], 128;";
  Tcgen05SyntaxParser Warm, Cold;
  EXPECT_EQ(outcome(Clean, Warm), std::make_pair(size_t(0), size_t(1)));
  EXPECT_EQ(outcome(Stray, Warm), std::make_pair(size_t(1), size_t(0)));
  EXPECT_EQ(outcome(Stray, Cold), std::make_pair(size_t(1), size_t(0)));
  // After the ';' it is the next statement's.
  EXPECT_EQ(outcome(std::string(Clean) + " '", Cold).second, 1u);
}

TEST(Tcgen05ShapeCacheTest, SyntaxTheTreeLeavesOutStillSeparatesShapes) {
  // The operand tree has no node for a unary '+' or for the parentheses of
  // a grouping; the grammar rejects both here.
  const char *Pairs[][2] = {
      {"tcgen05.shift.cta_group::2.down [%r1];",
       "tcgen05.shift.cta_group::2.down +[%r1];"},
      {"tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r1}, [%r2+4];",
       "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r1}, [(%r2)+4];"},
      // A lone '%': a register to the PTX lexer, so to the grammar's too.
      {"tcgen05.shift.cta_group::2.down [%r1];",
       "tcgen05.shift.cta_group::2.down [%];"}};
  for (const auto &[Plain, Odd] : Pairs) {
    Tcgen05SyntaxParser Warm, Cold;
    EXPECT_EQ(outcome(Plain, Warm).second, 1u) << Plain;
    EXPECT_EQ(outcome(Odd, Warm), outcome(Odd, Cold)) << Odd;
  }
}
