//===- RegistersTest.cpp - Which operands an instruction writes -----------===//
//
// The def-use view every analysis shares: the first operand of most
// instructions, none of stores and branches, and for tcgen05 instructions
// what their roles say.

#include "tcgen05/Analysis/Registers.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Parse/Parser.h"
#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include "gtest/gtest.h"

#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace tcgen05;

namespace {

struct Body {
  std::string Text;
  Module M;
  DiagnosticSink Sink;
  Tcgen05SyntaxParser T5;

  explicit Body(const std::string &Stmts) {
    Text = ".version 9.0\n.target sm_103a\n.address_size 64\n"
           ".visible .entry k()\n{\n.reg .b32 %r<12>;\n.reg .b64 %rd<4>;\n"
           ".reg .pred %p<2>;\n" +
           Stmts + "\n}\n";
    parseModule(Text, M, Sink);
    parseFunctionBody(M.Functions.at(0), Sink, &T5);
  }
  /// The registers instruction I writes, and those it reads.
  std::pair<std::vector<std::string>, std::vector<std::string>>
  uses(uint32_t I) {
    const Function &F = M.Functions.at(0);
    std::vector<std::string> W, R;
    forEachInstructionWrittenOperand(
        F, F.Instructions.at(I),
        [&](const Operand &O) { W.push_back(O.text().str()); });
    forEachInstructionReadOperand(
        F, F.Instructions.at(I),
        [&](const Operand &O) { R.push_back(O.text().str()); });
    return {W, R};
  }
};

using Names = std::vector<std::string>;

} // namespace

TEST(RegistersTest, Tcgen05RolesSayWhatIsWritten) {
  Body B(
      "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 32;\n"
      "tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r2, %r3}, [%r4];\n"
      "tcgen05.ld.red.sync.aligned.32x32b.x2.min.u32 {%r2, %r3}, %r5, [%r4];\n"
      "tcgen05.st.sync.aligned.32x32b.x2.b32 [%r4], {%r2, %r3};\n"
      "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%rd1], 32;\n"
      "mov.b32 %r6, %r7;\n"
      "st.global.b32 [%rd2], %r8;");
  ASSERT_TRUE(B.Sink.diagnostics().empty());
  // tcgen05.dealloc reads the address it frees.
  EXPECT_EQ(B.uses(0), std::make_pair(Names{}, Names{"%r1"}));
  EXPECT_EQ(B.uses(1), std::make_pair(Names{"%r2", "%r3"}, Names{"%r4"}));
  // tcgen05.ld.red writes its reduction value too.
  EXPECT_EQ(B.uses(2),
            std::make_pair(Names{"%r2", "%r3", "%r5"}, Names{"%r4"}));
  EXPECT_EQ(B.uses(3), std::make_pair(Names{}, Names{"%r4", "%r2", "%r3"}));
  EXPECT_EQ(B.uses(4), std::make_pair(Names{}, Names{"%rd1"}));
  EXPECT_EQ(B.uses(5), std::make_pair(Names{"%r6"}, Names{"%r7"}));
  EXPECT_EQ(B.uses(6), std::make_pair(Names{}, Names{"%rd2", "%r8"}));
}

TEST(RegistersTest, NumberingCountsOnlyWrittenRegisters) {
  Body B(
      "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 32;\n"
      "tcgen05.ld.red.sync.aligned.32x32b.x2.min.u32 {%r2, %r3}, %r5, [%r4];");
  RegisterNames Names(B.M.Functions.at(0));
  RegisterNumbering Regs(B.M.Functions.at(0), Names);
  EXPECT_NE(Names.lookup("%r1"), RegisterNames::None);
  EXPECT_EQ(Regs.lookup("%r1"), RegisterNumbering::None);
  EXPECT_NE(Regs.lookup("%r5"), RegisterNumbering::None);
  EXPECT_EQ(Regs.writers(Regs.lookup("%r5")).size(), 1u);
}

// Names are found by prefix and number; a leading zero, a long number or
// prefix, and names without digits take the hashed path, and no two names
// meet.
TEST(RegistersTest, NameMapTellsEveryNameApart) {
  RegisterNameMap Map;
  const char *Names[] = {"%r1",
                         "%r01",
                         "%r10",
                         "%rd1",
                         "%r",
                         "%p1",
                         "%r0",
                         "%x",
                         "sym",
                         "%r12345678",
                         "%verylongprefix3",
                         "%f1",
                         "%rd10"};
  for (uint32_t Id = 0; Id < std::size(Names); ++Id)
    EXPECT_EQ(Map.insert(Names[Id], Id), Id) << Names[Id];
  for (uint32_t Id = 0; Id < std::size(Names); ++Id)
    EXPECT_EQ(Map.lookup(Names[Id]), Id) << Names[Id];
  EXPECT_EQ(Map.lookup("%r2"), RegisterNameMap::None);
  EXPECT_EQ(Map.lookup("%rd2"), RegisterNameMap::None);
  EXPECT_EQ(Map.lookup("%q1"), RegisterNameMap::None);
  EXPECT_EQ(Map.insert("%r1", 99), 0u);
}

// Names of up to eight bytes are found by their bytes as a word: read
// whole inside the body, byte by byte near its end, the same name either
// way; eight bytes and nine bytes that share eight are different names.
TEST(RegistersTest, ShortNamesAreOneNameWhereverTheyAre) {
  Body B("mov.b64 %rd12345, 7;\nmov.b64 %rd123456, %rd12345;\n"
         "add.u32 %r2, %r1, 1;\nmov.u32 %r3, %r1;");
  const Function &F = B.M.Functions.at(0);
  RegisterNames Names(F);
  uint32_t R1 = Names.lookup("%r1");
  ASSERT_NE(R1, RegisterNames::None);
  llvm::ArrayRef<Operand> Add = F.operands(F.Instructions.at(2).Operands);
  llvm::ArrayRef<Operand> Last = F.operands(F.Instructions.at(3).Operands);
  // The last %r1 ends three bytes before the body does.
  ASSERT_LT(F.Body.End - Last[1].src().Begin, 8);
  EXPECT_EQ(Names.of(Add[1]), R1);
  EXPECT_EQ(Names.of(Last[1]), R1);
  uint32_t R2 = Names.lookup("%r2"), R3 = Names.lookup("%r3");
  ASSERT_NE(R2, RegisterNames::None);
  ASSERT_NE(R3, RegisterNames::None);
  EXPECT_EQ(Names.of(Add[0]), R2);
  EXPECT_EQ(Names.of(Last[0]), R3);
  EXPECT_NE(R2, R1);
  EXPECT_NE(R3, R1);
  uint32_t Eight = Names.lookup("%rd12345"), Nine = Names.lookup("%rd123456");
  ASSERT_NE(Eight, RegisterNames::None);
  ASSERT_NE(Nine, RegisterNames::None);
  EXPECT_NE(Eight, Nine);
  llvm::ArrayRef<Operand> Mov = F.operands(F.Instructions.at(1).Operands);
  EXPECT_EQ(Names.of(Mov[0]), Nine);
  EXPECT_EQ(Names.of(Mov[1]), Eight);
  EXPECT_EQ(Names.shape(Eight).Number, 12345u);
}

// More names than the short-name cache has slots, each used far apart and
// in between others: every use still gets its name's one number, whatever
// the cache kept.
TEST(RegistersTest, NamesBeyondTheCacheKeepTheirNumbers) {
  std::string Stmts = ".reg .b32 %q<6000>;\n.reg .b32 %s<600>;\n";
  for (int Round = 0; Round < 3; ++Round)
    for (int K = 0; K < 6000; K += 1 + Round)
      Stmts += "add.u32 %q" + std::to_string(K) + ", %q" +
               std::to_string((K * 7 + Round) % 6000) + ", %s" +
               std::to_string(K % 600) + ";\n";
  Body B(Stmts);
  ASSERT_TRUE(B.Sink.diagnostics().empty());
  const Function &F = B.M.Functions.at(0);
  RegisterNames Names(F);
  std::map<std::string, uint32_t> Seen;
  std::set<uint32_t> Ids;
  for (const Operand &O : F.Operands) {
    if (O.Kind != OperandKind::Register)
      continue;
    uint32_t Id = Names.of(O);
    ASSERT_NE(Id, RegisterNames::None);
    auto [It, New] = Seen.try_emplace(O.text().str(), Id);
    EXPECT_EQ(It->second, Id) << O.text().str();
    if (New) {
      EXPECT_TRUE(Ids.insert(Id).second) << O.text().str();
    }
    EXPECT_EQ(Names.lookup(O.text()), Id);
  }
  EXPECT_GT(Seen.size(), 6000u);
}

// Each spelling is one name, wherever it is used; a name of prefix and
// number shows both, and one with a leading zero is another name.
TEST(RegistersTest, NamesAreNumberedBySpelling) {
  Body B("@%p1 mov.b32 %r1, %r01;\nadd.s32 %r1, %r1, %r10;\n"
         "mov.u32 %r10, %tid.x;");
  const Function &F = B.M.Functions.at(0);
  RegisterNames Names(F);
  uint32_t R1 = Names.lookup("%r1"), R01 = Names.lookup("%r01");
  ASSERT_NE(R1, RegisterNames::None);
  ASSERT_NE(R01, RegisterNames::None);
  EXPECT_NE(R1, R01);
  EXPECT_EQ(Names.guardOf(0), Names.lookup("%p1"));
  EXPECT_EQ(Names.guardOf(1), RegisterNames::None);
  llvm::ArrayRef<Operand> Add = F.operands(F.Instructions.at(1).Operands);
  EXPECT_EQ(Names.of(Add[0]), R1);
  EXPECT_EQ(Names.of(Add[1]), R1);
  EXPECT_EQ(Names.lookup("%r2"), RegisterNames::None);

  RegisterNameMap::Shape S = Names.shape(Names.lookup("%r10"));
  ASSERT_NE(S.Prefix, RegisterNameMap::None);
  EXPECT_EQ(Names.prefix(S.Prefix), "%r");
  EXPECT_EQ(S.Number, 10u);
  EXPECT_EQ(Names.shape(R01).Prefix, RegisterNameMap::None);
  EXPECT_EQ(Names.shape(Names.lookup("%tid.x")).Prefix, RegisterNameMap::None);
}
