#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/HugePages.h"
#include "tcgen05/Parse/Lexer.h"
#include "tcgen05/Parse/Parser.h"
#include "Parse/ParserBase.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

using namespace tcgen05;

namespace {

struct Parsed {
  std::string Text;
  Module M;
  DiagnosticSink Sink;

  explicit Parsed(std::string Body) {
    Text = ".version 9.0\n.target sm_100a\n.address_size 64\n"
           ".visible .entry k(.param .u64 p0)\n{\n" +
           Body + "\n}\n";
    parseModule(Text, M, Sink);
    for (Function &F : M.Functions)
      parseFunctionBody(F, Sink, nullptr);
  }
  Function &fn() { return M.Functions.at(0); }
  const Instruction &inst(unsigned I) { return fn().Instructions.at(I); }
  const Operand &op(const Instruction &In, unsigned I) {
    return fn().Operands[In.Operands.First + I];
  }
  const Operand &child(const Operand &O, unsigned I) {
    return fn().Operands[O.children().First + I];
  }
};

} // namespace

TEST(ParserTest, ModuleHeader) {
  Parsed P("ret;");
  EXPECT_TRUE(P.Sink.diagnostics().empty());
  EXPECT_EQ(P.M.VersionMajor, 9u);
  EXPECT_EQ(P.M.VersionMinor, 0u);
  ASSERT_EQ(P.M.Target.Names.size(), 1u);
  EXPECT_EQ(P.M.Target.Names[0].text(), "sm_100a");
  EXPECT_EQ(P.M.AddressSize, 64u);
  ASSERT_EQ(P.M.Functions.size(), 1u);
  EXPECT_TRUE(P.fn().IsEntry);
  EXPECT_EQ(P.fn().Name.text(), "k");
  ASSERT_EQ(P.fn().Params.size(), 1u);
}

TEST(ParserTest, QualifiersIncludingScopedAndDigitLeading) {
  Parsed P("tcgen05.ld.sync.aligned.16x64b.x128.pack::16b.b32 {%r1}, [%r2];");
  ASSERT_TRUE(P.Sink.diagnostics().empty());
  const Instruction &I = P.inst(0);
  EXPECT_EQ(I.opcode().text(), "tcgen05");
  std::vector<std::string> Q;
  for (const Span &S : P.fn().qualifiers(I.Qualifiers))
    Q.push_back(S.text().str());
  EXPECT_EQ(Q, (std::vector<std::string>{".ld", ".sync", ".aligned", ".16x64b",
                                         ".x128", ".pack::16b", ".b32"}));
  EXPECT_EQ(P.op(I, 0).Kind, OperandKind::Vector);
  EXPECT_EQ(P.op(I, 1).Kind, OperandKind::Address);
}

TEST(ParserTest, OperandForms) {
  Parsed P("ld.global.b32 %r1, [%rd1+-8];\n"
           "mov.f32 %f1, 0f3F800000;\n"
           "mov.u32 %r2, %tid.x;\n"
           "mov.b64 {%r3, _}, %rd2;\n"
           "@!%p1 bra $L1;\n"
           "mov.b32 %r4, 0x1FU;");
  ASSERT_TRUE(P.Sink.diagnostics().empty());
  const Operand &Addr = P.op(P.inst(0), 1);
  ASSERT_EQ(Addr.Kind, OperandKind::Address);
  const Operand &Sum = P.child(Addr, 0);
  EXPECT_EQ(Sum.Kind, OperandKind::Binary);
  EXPECT_EQ(Sum.Op, '+');
  EXPECT_EQ(P.child(Sum, 1).Kind, OperandKind::Unary);

  const Operand &F = P.op(P.inst(1), 1);
  EXPECT_EQ(F.Kind, OperandKind::Float);
  EXPECT_TRUE(F.IsSingle);
  EXPECT_EQ(F.value(), 0x3F800000u);

  const Operand &M = P.op(P.inst(2), 1);
  EXPECT_EQ(M.Kind, OperandKind::Member);
  EXPECT_EQ(M.member().text(), ".x");

  const Operand &V = P.op(P.inst(3), 0);
  ASSERT_EQ(V.children().Count, 2u);
  EXPECT_EQ(P.child(V, 1).Kind, OperandKind::Sink);

  EXPECT_TRUE(P.inst(4).pred().Negated);
  EXPECT_EQ(P.inst(4).pred().Reg.text(), "%p1");
  EXPECT_EQ(P.op(P.inst(5), 1).value(), 0x1Fu);
}

// Children and value share their room: a literal whose value has high bits
// set has no children, and a node with children has no value.
TEST(ParserTest, ChildrenAndValueDoNotShowThroughEachOther) {
  Parsed P("mov.b64 %rd1, 0xFFFFFFFF00000003;\n"
           "ld.global.b32 %r1, [%rd1+8];");
  ASSERT_TRUE(P.Sink.diagnostics().empty());
  const Operand &Lit = P.op(P.inst(0), 1);
  ASSERT_EQ(Lit.Kind, OperandKind::Integer);
  EXPECT_EQ(Lit.value(), 0xFFFFFFFF00000003u);
  EXPECT_FALSE(Lit.hasChildren());
  EXPECT_EQ(Lit.children().Count, 0u);
  EXPECT_EQ(Lit.children().First, 0u);
  const Operand &Addr = P.op(P.inst(1), 1);
  ASSERT_EQ(Addr.children().Count, 1u);
  const Operand &Sum = P.child(Addr, 0);
  ASSERT_EQ(Sum.Kind, OperandKind::Binary);
  EXPECT_EQ(Sum.children().Count, 2u);
  EXPECT_EQ(Sum.value(), 0u);
  EXPECT_EQ(Addr.value(), 0u);
  EXPECT_EQ(Sum.text(), "%rd1+8");
}

// The opcode and the guard are kept as offsets into the statement.
TEST(ParserTest, WholeHugePagesPutAPoolOnOneAlignedHugePage) {
  // About 290 KB of body: its operand pool's estimate, 700 KB, is between
  // a quarter of a huge page and one.
  std::string Body;
  for (int I = 0; I < 18000; ++I)
    Body += "mov.b32 %r1, 1;\n";
  Parsed Plain(Body);
  size_t Room = Plain.fn().Operands.capacity() * sizeof(Operand);
  ASSERT_GE(Room, HugePageSize / 4);
  ASSERT_LT(Room, HugePageSize);

  Parsed Whole(Body);
  Function &F = Whole.fn();
  F.clearBody();
  F.Operands = HugePageVector<Operand>();
  ParseOptions Opts;
  Opts.WholeHugePages = true;
  DiagnosticSink Sink;
  parseFunctionBody(F, Sink, nullptr, Opts);
  EXPECT_TRUE(Sink.diagnostics().empty());
  EXPECT_GE(F.Operands.capacity() * sizeof(Operand), HugePageSize);
  EXPECT_LT(F.Operands.capacity() * sizeof(Operand),
            HugePageSize + sizeof(Operand));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(F.Operands.data()) % HugePageSize, 0u);
  EXPECT_EQ(F.Instructions.size(), Plain.fn().Instructions.size());
}

TEST(ParserTest, OpcodeAndGuardInsideTheStatement) {
  Parsed P("@!%p12  /* c */ bra.uni $L1;\n"
           "  add.s32 %r1, %r2, 1;");
  ASSERT_TRUE(P.Sink.diagnostics().empty());
  const Instruction &G = P.inst(0);
  EXPECT_EQ(G.src().text(), "@!%p12  /* c */ bra.uni $L1;");
  EXPECT_EQ(G.opcode().text(), "bra");
  EXPECT_TRUE(G.pred().Negated);
  EXPECT_EQ(G.pred().Reg.text(), "%p12");
  EXPECT_EQ(G.guardSrc().text(), "@!%p12");
  EXPECT_TRUE(G.guarded());
  const Instruction &A = P.inst(1);
  EXPECT_EQ(A.src().text(), "add.s32 %r1, %r2, 1;");
  EXPECT_EQ(A.opcode().text(), "add");
  EXPECT_FALSE(A.pred().Reg.valid());
  EXPECT_FALSE(A.guarded());
  EXPECT_FALSE(A.pred().Negated);
  // Set again without a guard, a node forgets the one it had.
  Instruction Again = G;
  Again.setSource(A.src(), A.opcode(), A.op(), Guard());
  EXPECT_FALSE(Again.guarded());
  EXPECT_FALSE(Again.pred().Reg.valid());
  EXPECT_FALSE(Again.pred().Negated);
}

TEST(ParserTest, DecimalsInAnInstructionsVectorKeepTheirValues) {
  // Outside initializers a run of decimals stays one node per literal, each
  // with its value; 19 digits are the most that take the run's path.
  Parsed P("tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, "
           "{0, 7, 4294967295, 1234567890123456789}, %p1;");
  ASSERT_TRUE(P.Sink.diagnostics().empty());
  const Operand &V = P.op(P.inst(0), 4);
  ASSERT_EQ(V.Kind, OperandKind::Vector);
  std::vector<uint64_t> Values;
  for (uint32_t K = 0; K < V.children().Count; ++K) {
    EXPECT_EQ(P.child(V, K).Kind, OperandKind::Integer);
    Values.push_back(P.child(V, K).value());
  }
  EXPECT_EQ(Values,
            (std::vector<uint64_t>{0, 7, 4294967295u, 1234567890123456789ull}));
}

TEST(ParserTest, DeclarationsScopesAndLabels) {
  Parsed P(".reg .b32 %r<100>;\n{\n.reg .pred p;\nL1:\n}\n"
           ".shared .align 16 .b8 s[128];");
  ASSERT_TRUE(P.Sink.diagnostics().empty());
  Function &F = P.fn();
  ASSERT_EQ(F.Declarations.size(), 3u);
  const Declarator &R = F.Declarators[F.Declarations[0].Declarators.First];
  EXPECT_TRUE(R.IsRange);
  EXPECT_EQ(R.RangeCount, 100u);
  EXPECT_EQ(F.Declarations[2].Align, 16u);
  std::vector<StmtKind> Kinds;
  for (const Statement &S : F.Statements)
    Kinds.push_back(S.Kind);
  EXPECT_EQ(Kinds,
            (std::vector<StmtKind>{StmtKind::Declaration, StmtKind::ScopeBegin,
                                   StmtKind::Declaration, StmtKind::Label,
                                   StmtKind::ScopeEnd, StmtKind::Declaration}));
}

TEST(ParserTest, OneErrorPerBrokenStatement) {
  Parsed P("mov.b32 %r1 1;\nadd.s32 %r1, , %r2;\nmov.b32 %r1, 1\nret;");
  std::vector<unsigned> Codes;
  for (const Diagnostic &D : P.Sink.diagnostics())
    Codes.push_back(D.code());
  EXPECT_EQ(Codes, (std::vector<unsigned>{1101, 1101, 1102}));
  // Recovery resumed: 'ret' was still parsed.
  EXPECT_EQ(P.fn().Instructions.back().opcode().text(), "ret");
}

TEST(ParserTest, LocAndFileSpanLinesByShape) {
  Parsed P(".loc 1 5 3, function_name $L__info_string0, inlined_at 1 2 3\n"
           "ret;");
  ASSERT_TRUE(P.Sink.diagnostics().empty());
  ASSERT_EQ(P.fn().Directives.size(), 1u);
  // Checked, but no check reads a .loc's operands: none is kept.
  EXPECT_EQ(P.fn().Directives[0].Operands.Count, 0u);
  EXPECT_TRUE(P.fn().Operands.empty());
}

TEST(ParserTest, IntegerLiteralsInEveryRadix) {
  Parsed P("mov.b32 %r1, 017;\nmov.b32 %r1, 0b101;\nmov.b32 %r1, 42;\n"
           "mov.b64 %rd1, 0x1FFFFFFFFFFFFFFFF;");
  // Past 64 bits: an error (ptxas "Constant overflow"), and the operand
  // says so too.
  ASSERT_EQ(P.Sink.diagnostics().size(), 1u);
  EXPECT_EQ(P.Sink.diagnostics()[0].code(), 1008u);
  EXPECT_EQ(P.op(P.inst(0), 1).value(), 15u);
  EXPECT_EQ(P.op(P.inst(1), 1).value(), 5u);
  EXPECT_EQ(P.op(P.inst(2), 1).value(), 42u);
  EXPECT_TRUE(P.op(P.inst(3), 1).Overflow);
}

// Each instruction's operands, nested ones included, are one run of the
// pool after the previous instruction's, whatever statements lie between.
TEST(ParserTest, InstructionsOwnAscendingRunsOfThePool) {
  Parsed P(".reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n"
           "mov.b64 %rd1, {%r1, %r2};\n"
           ".local .align 8 .b32 t[2] = {1, 2};\n"
           "ld.global.b32 %r3, [%rd1+8];\n"
           "{ .reg .b32 %q; add.s32 %r4, %r3, (1+2)*3; }\n"
           "st.global.v2.b32 [%rd1], {%r3, %r4};\n"
           "mov.b32 %r5, %r4+1;\nret;");
  ASSERT_TRUE(P.Sink.diagnostics().empty());
  const Function &F = P.fn();
  ASSERT_EQ(F.Instructions.size(), 6u);
  uint32_t PrevEnd = 0;
  for (const Instruction &I : F.Instructions) {
    uint32_t End = I.Operands.First + I.Operands.Count;
    std::function<void(const Operand &)> Within = [&](const Operand &O) {
      uint32_t K = static_cast<uint32_t>(&O - F.Operands.data());
      EXPECT_GE(K, PrevEnd) << I.src().text().str();
      EXPECT_LT(K, End) << I.src().text().str();
      for (const Operand &C : F.operands(O.children()))
        Within(C);
    };
    for (const Operand &O : F.operands(I.Operands))
      Within(O);
    EXPECT_GE(End, PrevEnd);
    PrevEnd = End;
  }
}

// The brace search skips sixteen bytes at a time: each byte it must stop
// at is tried at every place of a step, and near the end of the input.
TEST(ParserTest, FindMatchingBraceAtEveryAlignment) {
  const char *Inner[] = {"",        "{}",     "{ { } }",         "// } {\n",
                         "/* } */", "\"}{\"", "# 1 \"f}.cu\"\n", "a/b"};
  for (const char *In : Inner)
    for (size_t Before = 0; Before < 40; ++Before)
      for (size_t After = 0; After < 20; ++After) {
        std::string S =
            "{" + std::string(Before, 'x') + In + std::string(After, ' ') + "}";
        size_t Want = S.size();
        S += "} tail";
        const char *B = S.data();
        EXPECT_EQ(findMatchingBrace(B, B + S.size()) - B,
                  static_cast<ptrdiff_t>(Want))
            << "inner '" << In << "' after " << Before << " bytes, then "
            << After;
        // Cut before the match: no '}' closes it.
        EXPECT_EQ(findMatchingBrace(B, B + Want - 1), B + Want - 1);
      }
}

/// findMatchingBrace a byte at a time.
const char *matchingBraceByBytes(const char *P, const char *End) {
  unsigned Depth = 0;
  auto ToNewline = [&](const char *Q) {
    while (Q < End && *Q != '\n')
      ++Q;
    return Q;
  };
  while (P < End) {
    char C = *P;
    if (C == '{') {
      ++Depth;
      ++P;
    } else if (C == '}') {
      ++P;
      if (--Depth == 0)
        return P;
    } else if (C == '#' || (C == '/' && P + 1 < End && P[1] == '/')) {
      P = ToNewline(P);
    } else if (C == '/' && P + 1 < End && P[1] == '*') {
      P += 2;
      while (P < End && !(P[0] == '*' && P + 1 < End && P[1] == '/'))
        ++P;
      P = P < End ? P + 2 : End;
    } else if (C == '"') {
      ++P;
      while (P < End && *P != '"')
        ++P;
      if (P < End)
        ++P;
    } else {
      ++P;
    }
  }
  return End;
}

/// Random numbers that are the same on every run.
struct Lcg {
  explicit Lcg(uint32_t Seed) : Seed(Seed) {}
  uint32_t operator()() {
    Seed = Seed * 1103515245 + 12345;
    return Seed >> 16;
  }
  uint32_t Seed;
};

// Braces, comments, strings and markers packed densely at random: several
// in one sixteen-byte step, and steps that end inside a comment or string.
TEST(ParserTest, FindMatchingBraceAgreesWithAByteAtATimeSearch) {
  const char Alphabet[] = "{{}}//*\"#\nxx ";
  Lcg Random(12345);
  for (int Case = 0; Case < 20000; ++Case) {
    std::string S = "{";
    size_t Len = Random() % 120;
    for (size_t I = 0; I < Len; ++I)
      S += Alphabet[Random() % (sizeof(Alphabet) - 1)];
    const char *B = S.data(), *E = B + S.size();
    ASSERT_EQ(findMatchingBrace(B, E) - B, matchingBraceByBytes(B, E) - B)
        << "'" << S << "'";
  }
}

TEST(ParserTest, FindSignatureEndAgreesWithAByteAtATimeSearch) {
  // Mostly the bytes of a signature, so that the end falls at every place
  // of a sixteen-byte step, in the tail after the last step, or nowhere.
  const char Alphabet[] = "abcdefghij.()_,[]\n ;{}/\"#";
  Lcg Random(777);
  for (int Case = 0; Case < 20000; ++Case) {
    std::string S;
    size_t Len = Random() % 80;
    for (size_t I = 0; I < Len; ++I)
      S += Alphabet[Random() % (Random() % 8 ? 17 : sizeof(Alphabet) - 1)];
    const char *B = S.data(), *E = B + S.size();
    size_t ByBytes = S.find_first_of(";{}/\"#");
    ASSERT_EQ(size_t(findSignatureEnd(B, E) - B),
              ByBytes == std::string::npos ? S.size() : ByBytes)
        << "'" << S << "'";
  }
}

TEST(ParserTest, SkipIdentContAgreesWithTheCharacterTable) {
  // Every byte value at every place of an eight-byte step, inside a name
  // that goes on after it; and names cut short by the end of the input.
  const std::string Name = "_Zabc$XYZ019_param_0_mangled$Name9zA";
  for (size_t Pos = 0; Pos < 20; ++Pos)
    for (unsigned Byte = 0; Byte < 256; ++Byte) {
      std::string S = Name;
      S[Pos] = static_cast<char>(Byte);
      const char *B = S.data();
      size_t Want = 0;
      while (Want < S.size() && charclass::is(S[Want], charclass::IdentCont))
        ++Want;
      EXPECT_EQ(charclass::skipIdentCont(B, B + S.size()) - B,
                static_cast<ptrdiff_t>(Want))
          << "byte " << Byte << " at " << Pos;
      size_t Cut = std::min(Pos, Want);
      EXPECT_EQ(charclass::skipIdentCont(B, B + Cut) - B,
                static_cast<ptrdiff_t>(Cut));
    }
}

// Runs of plain decimals in initializers take a path that bypasses the
// lexer; every element it must leave to the general path still parses as
// before, and the two paths hand over in both directions.
TEST(ParserTest, InitializerRunsAndTheElementsTheyLeaveAlone) {
  Module M;
  DiagnosticSink Sink;
  std::string Text =
      ".version 9.0\n.target sm_100a\n.address_size 64\n"
      ".global .u64 g[19] = {1, 22 ,\t333, 0x10, 010, 0b11, 5U, 0,\n"
      "  18446744073709551615, 18446744073709551616, 7 /* c */, 8, -9,\n"
      "  2 + 3, 12345678901234567890123, 6.5, 255(g), 4, 5};\n";
  parseModule(Text, M, Sink);
  // The two literals past 64 bits, whichever path read them.
  std::vector<unsigned> Codes;
  for (const Diagnostic &Diag : Sink.diagnostics())
    Codes.push_back(Diag.code());
  EXPECT_EQ(Codes, (std::vector<unsigned>{1008, 1008}));
  ASSERT_EQ(M.Globals.size(), 1u);
  const Declaration &D = M.Declarations[M.Globals[0]];
  const Declarator &G = M.declarators(D.Declarators)[0];
  ASSERT_EQ(G.Init.Count, 1u);
  const Operand &V = M.Operands[G.Init.First];
  ASSERT_EQ(V.Kind, OperandKind::Vector);
  std::vector<std::string> Texts;
  std::vector<uint64_t> Values;
  std::vector<bool> Overflows;
  std::vector<OperandKind> Kinds;
  for (const Operand &E : M.operands(V.children())) {
    Kinds.push_back(E.Kind);
    if (E.Kind == OperandKind::DecimalRun) {
      forEachDecimal(E, [&](Span Literal, uint64_t Value) {
        Texts.push_back(Literal.text().str());
        Values.push_back(Value);
        Overflows.push_back(false);
      });
      continue;
    }
    Texts.push_back(E.text().str());
    Values.push_back(E.Kind == OperandKind::Integer ? E.value() : 999);
    Overflows.push_back(E.Overflow);
  }
  // Runs of plain decimals are one node each; every other literal is its
  // own.
  using K = OperandKind;
  // A run ends at a line break, a comment, a literal of another form.
  EXPECT_EQ(Kinds,
            (std::vector<K>{K::DecimalRun, K::Integer, K::Integer, K::Integer,
                            K::Integer, K::DecimalRun, K::Integer, K::Integer,
                            K::Integer, K::DecimalRun, K::Unary, K::Binary,
                            K::Integer, K::Float, K::Call, K::DecimalRun}));
  EXPECT_EQ(Texts, (std::vector<std::string>{
                       "1", "22", "333", "0x10", "010", "0b11", "5U", "0",
                       "18446744073709551615", "18446744073709551616", "7", "8",
                       "-9", "2 + 3", "12345678901234567890123", "6.5",
                       "255(g)", "4", "5"}));
  EXPECT_EQ(Values,
            (std::vector<uint64_t>{1, 22, 333, 16, 8, 3, 5, 0,
                                   18446744073709551615ull, Values[9], 7, 8,
                                   999, 999, Values[14], 999, 999, 4, 5}));
  EXPECT_TRUE(Overflows[9]);
  EXPECT_TRUE(Overflows[14]);
  EXPECT_FALSE(Overflows[8]);
  EXPECT_EQ(V.text(),
            Text.substr(Text.find('{'), Text.find('}') - Text.find('{') + 1));
}

// Runs of decimals are one node each; nested vectors, elements after a run
// and later declarations find their own children.
TEST(ParserTest, DecimalVectorsNestedAndAfterRuns) {
  Module M;
  DiagnosticSink Sink;
  std::string Text = ".version 9.0\n.target sm_100a\n.address_size 64\n"
                     ".global .u32 a[2][2] = {{1, 2}, {3, 4}};\n"
                     ".global .u32 b[3] = {5, 6, 7};\n"
                     ".global .u32 c[4] = {8, 9, 1 + 2, {10}};\n"
                     ".global .u32 d[1] = {};\n";
  parseModule(Text, M, Sink);
  ASSERT_EQ(Sink.diagnostics().size(), 1u);
  EXPECT_EQ(Sink.diagnostics()[0].ID, DiagID::err_empty_vector);
  // The declaration with the empty vector is dropped.
  ASSERT_EQ(M.Globals.size(), 3u);
  // Every element's text, children in braces.
  std::function<std::string(const Operand &)> Show = [&](const Operand &O) {
    if (O.Kind == OperandKind::DecimalRun) {
      std::string S = "(";
      forEachDecimal(O, [&](Span L, uint64_t V) {
        S += (S.size() > 1 ? " " : "") + L.text().str() + "=" +
             std::to_string(V);
      });
      return S + ")";
    }
    if (O.Kind != OperandKind::Vector && O.Kind != OperandKind::Binary)
      return O.text().str();
    std::string S = "{";
    for (const Operand &C : M.operands(O.children()))
      S += Show(C) + (O.Kind == OperandKind::Binary ? O.Op : ' ');
    return S + "}";
  };
  std::vector<std::string> Inits;
  for (uint32_t G : M.Globals) {
    const Declarator &Dr = M.declarators(M.Declarations[G].Declarators)[0];
    ASSERT_EQ(Dr.Init.Count, 1u);
    Inits.push_back(Show(M.Operands[Dr.Init.First]));
  }
  EXPECT_EQ(Inits, (std::vector<std::string>{
                       "{{(1=1 2=2) } {(3=3 4=4) } }", "{(5=5 6=6 7=7) }",
                       "{(8=8 9=9) {1+2+} {(10=10) } }"}));
}

TEST(ParserTest, SectionContentsDeferredOrLexedInPlace) {
  // Deferred contents, checked afterwards, find what lexing them in place
  // finds, at the same places; an unclosed section is never deferred.
  std::string Text =
      ".version 9.0\n.target sm_100a\n.address_size 64\n"
      ".section .debug_abbrev\n{\n.b8 1 // }\n.b8 2 /* } { */\n"
      "# 12 \"a.cu\" }\n{ .b8 9 }\n.b8 \"}\"\n.b8 3q\n}\n"
      ".section .debug_info\n{\n$L__info0:\n.b8 7a\n.b64 $L__info0\n}\n"
      ".section .debug_loc\n{\n.b8 0\n.b8 `\n";
  auto Places = [](const DiagnosticSink &S) {
    std::vector<std::pair<DiagID, const char *>> P;
    for (const Diagnostic &D : S.diagnostics())
      P.push_back({D.ID, D.Range.Start.getPointer()});
    std::sort(P.begin(), P.end(), [](const auto &A, const auto &B) {
      return std::less<const char *>()(A.second, B.second);
    });
    return P;
  };
  Module InPlace;
  DiagnosticSink InPlaceSink;
  parseModule(Text, InPlace, InPlaceSink);
  EXPECT_TRUE(InPlace.SectionContents.empty());

  Module Deferred;
  DiagnosticSink DeferredSink;
  ParseOptions Opts;
  Opts.DeferSectionContents = true;
  parseModule(Text, Deferred, DeferredSink, Opts);
  ASSERT_EQ(Deferred.SectionContents.size(), 2u);
  EXPECT_TRUE(Deferred.SectionContents[0].text().starts_with("\n.b8 1"));
  EXPECT_TRUE(Deferred.SectionContents[1].text().ends_with(".b64 $L__info0\n"));
  for (Span S : Deferred.SectionContents)
    checkSectionContents(S, DeferredSink);

  // A nested brace, two bad numbers, a bad character, the unclosed end.
  EXPECT_EQ(InPlaceSink.diagnostics().size(), 5u);
  EXPECT_EQ(Places(DeferredSink), Places(InPlaceSink));
  EXPECT_EQ(Deferred.OtherDirectives.size(), InPlace.OtherDirectives.size());
}

namespace {

/// Parses Body's function in pieces of N statements, recording each piece's
/// statements as text; Take decides whether a piece is taken.
std::vector<std::vector<std::string>>
parseInPieces(const std::string &Body, size_t N,
              std::function<bool(size_t Piece)> Take) {
  std::string Text = ".version 9.0\n.target sm_100a\n.address_size 64\n"
                     ".visible .entry k()\n{\n" +
                     Body + "\n}\n";
  Module M;
  DiagnosticSink Sink;
  parseModule(Text, M, Sink);
  Function &F = M.Functions.at(0);
  std::vector<std::vector<std::string>> Pieces;
  auto StatementText = [&](const Statement &S) -> std::string {
    switch (S.Kind) {
    case StmtKind::Instruction:
      return F.Instructions[S.Index].src().text().str();
    case StmtKind::Label:
      return F.Labels[S.Index].text().str() + ":";
    case StmtKind::Declaration:
      return F.Declarations[S.Index].Src.text().str();
    case StmtKind::Directive:
      return F.Directives[S.Index].Src.text().str();
    case StmtKind::ScopeBegin:
      return "{";
    case StmtKind::ScopeEnd:
      return "}";
    }
    return "";
  };
  auto Record = [&] {
    Pieces.emplace_back();
    for (const Statement &S : F.Statements)
      Pieces.back().push_back(StatementText(S));
  };
  auto Consume = [&] {
    if (!Take(Pieces.size()))
      return false;
    Record();
    F.clearBody();
    return true;
  };
  parseFunctionBody(F, Sink, nullptr, {}, BodySegments{N, Consume});
  Record();
  EXPECT_TRUE(Sink.diagnostics().empty());
  return Pieces;
}

} // namespace

TEST(ParserTest, BodyInPiecesHandsOverEveryStatementOnce) {
  std::string Body = ".reg .b32 %r<3>;\nL:\n{\nmov.b32 %r1, 1;\n}\n"
                     "add.s32 %r2, %r1, 1;\nbra L;\nret;";
  auto Pieces = parseInPieces(Body, 3, [](size_t) { return true; });
  // Statements indices restart in each piece: a piece holds exactly its
  // own, in order, and the last one the rest.
  std::vector<std::vector<std::string>> Want = {
      {".reg .b32 %r<3>", "L:", "{"},
      {"mov.b32 %r1, 1;", "}", "add.s32 %r2, %r1, 1;"},
      {"bra L;", "ret;"}};
  EXPECT_EQ(Pieces, Want);
}

TEST(ParserTest, BodyInPiecesDeclinedIsParsedWhole) {
  std::string Body = "ret;\nret;\nret;\nret;\nret;";
  size_t Asked = 0;
  auto Pieces = parseInPieces(Body, 2, [&](size_t) {
    ++Asked;
    return false;
  });
  // Asked once; the body then stays whole.
  EXPECT_EQ(Asked, 1u);
  ASSERT_EQ(Pieces.size(), 1u);
  EXPECT_EQ(Pieces[0].size(), 5u);
}

namespace {

/// What a module pass gives, as offsets, so that two passes compare.
std::vector<std::string> passOutcome(llvm::StringRef Text, TextFeed *Feed,
                                     bool Defer = false,
                                     bool *InOrder = nullptr) {
  Module M;
  DiagnosticSink Sink;
  std::vector<std::string> Out;
  auto Offset = [&](const char *P) { return std::to_string(P - Text.data()); };
  ParseOptions Opts;
  Opts.DeferSectionContents = true;
  Opts.DeferDeclarations = Defer;
  bool Result = parseModule(
      Text, M, Sink, Opts,
      [&](Function *F, Span T) {
        Out.push_back((F ? "body " : "section ") + Offset(T.Begin) + "-" +
                      Offset(T.End));
      },
      Feed);
  if (InOrder)
    *InOrder = Result;
  for (const Function &F : M.Functions) {
    std::string Signature;
    for (uint32_t I : F.Returns)
      Signature += " ret " + M.Declarations[I].Src.text().str();
    for (uint32_t I : F.Params)
      Signature += " param " + M.Declarations[I].Src.text().str();
    for (uint32_t I : F.PerfDirectives)
      Signature += " directive " + M.Directives[I].Src.text().str();
    Out.push_back("function " + F.Name.text().str() + " " +
                  Offset(F.Src.Begin) + "-" + Offset(F.Src.End) +
                  (F.IsNoReturn ? " noreturn" : "") + Signature);
  }
  Out.push_back("declarations " + std::to_string(M.Declarations.size()) +
                " directives " + std::to_string(M.Directives.size()) +
                " items " + std::to_string(M.Items.size()));
  for (const Diagnostic &D : Sink.diagnostics())
    Out.push_back(D.Message + " at " +
                  Offset(D.Range.Start.getPointer() ? D.Range.Start.getPointer()
                                                    : Text.data()));
  return Out;
}

/// Top-level text whose tokens, comments and strings span lines, braces
/// inside them, sections, a stray brace, and a comment left open at the end.
const char *const FedModule =
    ".version 9.0\n.target sm_100a,\n  debug\n.address_size 64\n"
    "/* a comment { over\n \" lines } */ .global .b8 t[3] = {1,\n2,\n3};\n"
    ".file 1 \"a.cu\", 123, 456\n# 7 \"b.cu\"\n"
    ".pragma \"a string\nover two lines\";\n"
    ".visible .func f(.param .b32 a)\n;\n"
    ".visible .entry k(.param .u64 p)\n.maxntid 128, 1, 1\n{\n"
    "  // } in a comment\n  /* } { */\n  ret;\n}\n"
    ".section .debug_str {\nl: .b8 1\n.b8 2 // }\n}\n"
    "}\n.weak .func g()\n{\n  ret;\n}\n"
    ".global .b32 x /* open";

TEST(ParserTest, AModuleFedAPieceAtATimeParsesAsWhole) {
  llvm::StringRef Text(FedModule);
  std::vector<std::string> Whole = passOutcome(Text, nullptr);
  ASSERT_GT(Whole.size(), 8u);
  for (size_t Chunk : {1, 2, 3, 5, 8, 13, 40, 100, 1000}) {
    PiecesFeed Feed(Text, Chunk);
    EXPECT_EQ(passOutcome(Text, &Feed), Whole) << "chunks of " << Chunk;
    // A feed of one byte at a time is asked at every line at least.
    if (Chunk == 1) {
      EXPECT_GE(Feed.asked(), 20u);
    }
  }
}

TEST(ParserTest, TheBraceSearchGoesOnWhereTheFedTextEnds) {
  std::string Text = "{ /* } */ \"}\" # }\n { } // }\n}\nafter\n";
  for (size_t Chunk : {1, 4, 9, 64}) {
    PiecesFeed Feed(Text, Chunk);
    DiagnosticSink Sink;
    Lexer Lex(Text.data(), Feed.available(), Sink, &Feed);
    const char *Close = findMatchingBrace(Text.data(), Lex);
    EXPECT_EQ(Close - Text.data(), static_cast<long>(Text.find("after") - 1))
        << "chunks of " << Chunk;
  }
}

TEST(ParserTest, DeclarationsParsedLateGiveWhatTheyGiveInOrder) {
  std::string Text =
      ".version 9.0\n.target sm_100a\n.address_size 64\n"
      ".extern .func (.param .b32 r) f\n(\n  .param .b64 a,\n"
      "  .param .align 8 .b8 b[16]\n)\n.noreturn\n;\n"
      ".global .b32 g;\n.func h()\n{\n  ret;\n}\n"
      ".weak .func k(.param .b32 a) ;\n.func l\n;\n"
      ".extern  .func(.param .b32 r) x;  .visible .func y()\r\n;\n"
      ".weak .funcs z();\n"
      ".visible .entry e(.param .u64 p)\n{\n  ret;\n}\n"
      ".func m(.param .b32 a) // a comment is not skipped\n;\n"
      ".func n(.param .b32 a);";
  for (size_t Chunk : {0, 1, 7, 64}) {
    std::optional<PiecesFeed> Feed;
    if (Chunk)
      Feed.emplace(Text, Chunk);
    std::vector<std::string> InOrder =
        passOutcome(Text, Feed ? &*Feed : nullptr);
    if (Chunk)
      Feed.emplace(Text, Chunk);
    bool Stands = false;
    EXPECT_EQ(
        passOutcome(Text, Feed ? &*Feed : nullptr, /*Defer=*/true, &Stands),
        InOrder)
        << "chunks of " << Chunk;
    EXPECT_TRUE(Stands) << "chunks of " << Chunk;
  }
  // The first body is met before the declaration ahead of it is parsed.
  for (bool Defer : {false, true}) {
    Module M;
    DiagnosticSink Sink;
    ParseOptions Opts;
    Opts.DeferDeclarations = Defer;
    bool NamedWhenFound = false;
    parseModule(Text, M, Sink, Opts, [&](Function *F, Span) {
      if (F && F->Name.text() == "h")
        NamedWhenFound = M.Functions.front().Name.valid();
    });
    EXPECT_EQ(NamedWhenFound, !Defer);
    EXPECT_EQ(M.Functions.front().Name.text(), "f");
  }
}

TEST(ParserTest, ADeclarationThatReportsWhenParsedLateAsksForAPassInOrder) {
  for (const char *Bad :
       {".func (.param .b32 r) ;\n", ".func f(.param .b32 a .param .b32 b);\n",
        ".func f(.param .b32 a,);\n",
        ".func f(.param .b32 a)\n.param .b32 x;\n"}) {
    std::string Text = std::string(".version 9.0\n.target sm_100a\n") + Bad +
                       ".entry e()\n{\n  ret;\n}\n";
    bool Stands = true;
    passOutcome(Text, nullptr, /*Defer=*/true, &Stands);
    EXPECT_FALSE(Stands) << Bad;
    passOutcome(Text, nullptr, /*Defer=*/false, &Stands);
    EXPECT_TRUE(Stands) << Bad;
  }
}

} // namespace
