//===- Tcgen05Syntax.cpp - Structured parse of tcgen05 statements ---------===//
//
// Runs the generated lexer and parser on one statement, from its 'tcgen05'
// opcode through its ';'.  Parsing starts in SLL mode, which is exact for
// nearly every input and much cheaper; only a statement that fails is
// parsed again in full LL mode, so that its error is the real one.
//
// Kernels repeat a handful of tcgen05 spellings thousands of times with
// different registers.  The grammar sees only token kinds, so statements of
// one shape (the same words, operands of the same forms) parse alike: a
// parser instance remembers the result per shape and skips the parse.  A
// qualifier the transformer knows only by its class enters the shape as that
// class, so that a file of every variant of an instruction (.kind::f16 and
// .kind::tf32, .cta_group::1 and ::2) parses few shapes, not one per line.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include "Tcgen05ErrorStrategy.h"
#include "Tcgen05Grammar.h"
#include "Tcgen05SyntaxErrors.h"
#include "Tcgen05Transformer.h"

#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/InternalError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <atomic>
#include <mutex>

using namespace tcgen05;
using namespace tcgen05::syntax;

namespace {

/// What a successful parse of one shape produced.
struct ParsedShape {
  Tcgen05Opcode Opcode;
  std::vector<Tcgen05QualClass> Qualifiers;
  std::vector<Tcgen05OperandRole> Roles;
};

/// Enough of an operand's form to determine the grammar's tokens: kinds,
/// brackets, operators, and the spelling class of literals.
void appendShape(std::string &Key, const Function &F, const Operand &O) {
  auto Children = [&](char Open, char Close) {
    Key += Open;
    for (const Operand &C : F.operands(O.children())) {
      appendShape(Key, F, C);
      Key += ',';
    }
    Key += Close;
  };
  switch (O.Kind) {
  case OperandKind::Register:
    Key += 'R';
    break;
  case OperandKind::Symbol:
    Key += 'S';
    break;
  case OperandKind::Integer: {
    llvm::StringRef T = O.text();
    Key += 'I';
    Key += T.size() > 1 && T[0] == '0' ? T[1] : 'd';
    Key += T.back() == 'U' ? 'U' : 's';
    break;
  }
  case OperandKind::Float:
    Key += 'F';
    Key += O.text().take_front(2);
    break;
  case OperandKind::String:
    Key += 'T';
    break;
  case OperandKind::Sink:
    Key += '_';
    break;
  case OperandKind::Address:
    Children('[', ']');
    break;
  case OperandKind::Vector:
    Children('{', '}');
    break;
  case OperandKind::List:
  case OperandKind::Call:
    Children('(', ')');
    break;
  case OperandKind::Unary:
  case OperandKind::Binary:
    Key += O.Op;
    Children('<', '>');
    break;
  case OperandKind::Member:
    Children('<', '>');
    Key += O.member().text();
    break;
  case OperandKind::Field:
    Key += '=';
    Children('<', '>');
    break;
  case OperandKind::DecimalRun: // initializers only
    Key += 'D';
    break;
  }
}

/// The first parts of the words that name forms ('.mma', '.wait' of
/// '.wait::ld'), as grammar/gen-lexer.py makes tokens of them.  A qualifier
/// word beginning with none of them can only be a QUALIFIER token: the
/// grammar does not tell such words apart, and the transformer knows them
/// by their class in Tcgen05Qualifiers.def alone.
class NameWordHeads {
public:
  NameWordHeads() {
    for (const Tcgen05FormSpelling &F : tcgen05FormSpellings()) {
      llvm::StringRef Rest = F.Spelling.drop_front(F.Spelling.find('.'));
      while (!Rest.empty()) {
        llvm::StringRef Word = Rest.take_front(Rest.find('.', 1));
        Rest = Rest.drop_front(Word.size());
        llvm::StringRef Head = Word.take_front(Word.find("::"));
        if (!llvm::is_contained(Heads, Head))
          Heads.push_back(Head);
      }
    }
  }

  /// Whether the lexer makes Word, followed by Next, one QUALIFIER token:
  /// '.' [A-Za-z0-9_]+ ('::' [A-Za-z0-9_]+)*, with a first part no name
  /// word has, and nothing after it that a token could go on with.
  bool isPlainQualifier(llvm::StringRef Word, char Next) const {
    if (isWordByte(Next) || Next == ':' || Next == '$')
      return false;
    if (Word.size() < 2 || Word[0] != '.' ||
        llvm::is_contained(Heads, Word.take_front(Word.find("::"))))
      return false;
    for (llvm::StringRef Part = Word.drop_front(); !Part.empty();) {
      auto [Head, Tail] = Part.split("::");
      if (Head.empty() || !llvm::all_of(Head, isWordByte) ||
          (Tail.empty() && Part.size() != Head.size()))
        return false;
      Part = Tail;
    }
    return true;
  }

private:
  static bool isWordByte(char C) { return llvm::isAlnum(C) || C == '_'; }

  llvm::SmallVector<llvm::StringRef, 24> Heads;
};

std::string shapeKey(const Function &F, const Instruction &I,
                     const NameWordHeads &Heads) {
  std::string Key;
  for (const Span &Q : F.qualifiers(I.Qualifiers)) {
    // Spelled out unless the lexer's token and the transformer's class are
    // all a parse sees of it: '.cta_group::1' and '.cta_group::2' parse
    // alike.  Neither byte can be part of a word.
    if (Heads.isPlainQualifier(Q.text(), Q.End < I.src().End ? *Q.End : ' ')) {
      Tcgen05QualClass Class =
          tcgen05QualifierClass(Q.text()).value_or(Tcgen05QualClass::Unknown);
      Key += '\x01';
      Key += static_cast<char>(1 + static_cast<unsigned>(Class));
      continue;
    }
    Key += Q.text();
  }
  Key += '|';
  for (const Operand &O : F.operands(I.Operands)) {
    appendShape(Key, F, O);
    Key += ',';
  }
  return Key;
}

/// Bounds the memory a pathological input can make a cache use.
constexpr size_t MaxShapes = 4096;

void remember(llvm::StringMap<ParsedShape> &Shapes, llvm::StringRef Key,
              const ParsedShape &Shape) {
  if (Shapes.size() >= MaxShapes)
    Shapes.clear();
  Shapes.try_emplace(Key, Shape);
}

} // namespace

struct Tcgen05ShapeCache::Impl {
  std::mutex Lock;
  llvm::StringMap<ParsedShape> Shapes;
  std::atomic<uint64_t> GrammarParses{0};
};

Tcgen05ShapeCache::Tcgen05ShapeCache() : P(std::make_unique<Impl>()) {}
Tcgen05ShapeCache::~Tcgen05ShapeCache() = default;

uint64_t Tcgen05ShapeCache::grammarParses() const {
  return P->GrammarParses.load();
}

struct Tcgen05SyntaxParser::Impl {
  static constexpr char NonAscii = '\x7f';

  /// The generated lexer and parser, made for the first statement no cache
  /// answers: their first construction in a process builds the grammar's
  /// tables, which a file without tcgen05 statements then never pays for.
  /// Made, used and destroyed under generatedParserLock: they register with
  /// the generated code's static caches.
  struct Recognizers {
    antlr4::ANTLRInputStream Input;
    tcgen05grammar::Tcgen05Lexer Lexer{&Input};
    antlr4::CommonTokenStream Tokens{&Lexer};
    tcgen05grammar::Tcgen05Parser Parser{&Tokens};
    std::shared_ptr<FirstErrorStrategy> Errors =
        std::make_shared<FirstErrorStrategy>();

    Recognizers() {
      Lexer.removeErrorListeners();
      Parser.removeErrorListeners();
      Parser.setErrorHandler(Errors);
    }

    G::StatementContext *run(antlr4::atn::PredictionMode Mode) {
      Parser.reset();
      Errors->clear();
      Parser.getInterpreter<antlr4::atn::ParserATNSimulator>()
          ->setPredictionMode(Mode);
      try {
        return Parser.statement();
      } catch (antlr4::ParseCancellationException &) {
        return nullptr;
      }
    }
  };

  std::unique_ptr<Recognizers> R;
  std::string Text;
  /// This parser's shapes, read without a lock; Shared's behind them.
  llvm::StringMap<ParsedShape> Shapes;
  Tcgen05ShapeCache *Shared;
  NameWordHeads Heads;

  explicit Impl(Tcgen05ShapeCache *Shared) : Shared(Shared) {}
  ~Impl() {
    std::lock_guard<std::mutex> Lock(generatedParserLock());
    R.reset();
  }

  bool parse(Function &F, uint32_t InstIndex, DiagnosticSink &Sink, bool Alone);
  bool parseText(Function &F, uint32_t InstIndex, DiagnosticSink &Sink);
  void reportSyntaxError(const char *Base, DiagnosticSink &Sink);
};

Tcgen05SyntaxParser::Tcgen05SyntaxParser(Tcgen05ShapeCache *Shared)
    : P(std::make_unique<Impl>(Shared)) {}

Tcgen05SyntaxParser::~Tcgen05SyntaxParser() = default;

bool Tcgen05SyntaxParser::parse(Function &F, uint32_t InstIndex,
                                DiagnosticSink &Sink, bool Alone) {
  bool Parsed = false;
  catchInternalError([&] { Parsed = P->parse(F, InstIndex, Sink, Alone); },
                     [&](const std::string &What) {
                       Sink.report(DiagID::err_internal,
                                   F.Instructions[InstIndex].src().range(),
                                   {"the tcgen05 parser failed: " + What});
                     });
  return Parsed;
}

bool Tcgen05SyntaxParser::Impl::parse(Function &F, uint32_t InstIndex,
                                      DiagnosticSink &Sink, bool Alone) {
  Instruction &I = F.Instructions[InstIndex];
  if (Alone) {
    std::lock_guard<std::mutex> Lock(generatedParserLock());
    return parseText(F, InstIndex, Sink);
  }
  std::string Key = shapeKey(F, I, Heads);
  auto Apply = [&](const ParsedShape &Shape) {
    Tcgen05Inst Inst;
    Inst.Opcode = Shape.Opcode;
    Inst.Instruction = InstIndex;
    Tcgen05Pool &Pool = F.Tcgen05Nodes;
    Inst.FirstQualifier = static_cast<uint32_t>(Pool.Qualifiers.size());
    Inst.NumQualifiers = static_cast<uint32_t>(Shape.Qualifiers.size());
    for (size_t K = 0; K < Shape.Qualifiers.size(); ++K)
      Pool.Qualifiers.push_back(
          {Shape.Qualifiers[K], I.Qualifiers.First + static_cast<uint32_t>(K)});
    Inst.FirstOperand = static_cast<uint32_t>(Pool.Operands.size());
    Inst.NumOperands = static_cast<uint32_t>(Shape.Roles.size());
    for (size_t K = 0; K < Shape.Roles.size(); ++K)
      Pool.Operands.push_back(
          {Shape.Roles[K], I.Operands.First + static_cast<uint32_t>(K)});
    I.Tcgen05 = static_cast<uint32_t>(F.Tcgen05.size());
    F.Tcgen05.push_back(Inst);
    return true;
  };
  // The shared cache's entry, copied into this parser's; null if none.
  auto FromShared = [&]() -> const ParsedShape * {
    if (!Shared)
      return nullptr;
    std::lock_guard<std::mutex> Lock(Shared->P->Lock);
    auto S = Shared->P->Shapes.find(Key);
    if (S == Shared->P->Shapes.end())
      return nullptr;
    remember(Shapes, Key, S->second);
    return &Shapes.find(Key)->second;
  };
  auto It = Shapes.find(Key);
  if (It != Shapes.end())
    return Apply(It->second);
  if (const ParsedShape *Shape = FromShared())
    return Apply(*Shape);
  {
    std::unique_lock<std::mutex> Lock(generatedParserLock());
    // Another thread may have parsed the shape while this one waited.
    if (const ParsedShape *Shape = FromShared()) {
      Lock.unlock();
      return Apply(*Shape);
    }
    if (!parseText(F, InstIndex, Sink))
      return false;
  }
  // Only successes are remembered: an error message quotes the statement's
  // own tokens.
  const Tcgen05Inst &Done = F.Tcgen05.back();
  ParsedShape Shape{Done.Opcode, {}, {}};
  for (uint32_t K = 0; K < Done.NumQualifiers; ++K)
    Shape.Qualifiers.push_back(
        F.Tcgen05Nodes.Qualifiers[Done.FirstQualifier + K].Class);
  for (uint32_t K = 0; K < Done.NumOperands; ++K)
    Shape.Roles.push_back(F.Tcgen05Nodes.Operands[Done.FirstOperand + K].Role);
  remember(Shapes, Key, Shape);
  if (Shared) {
    std::lock_guard<std::mutex> Lock(Shared->P->Lock);
    remember(Shared->P->Shapes, Key, Shape);
  }
  return true;
}

bool Tcgen05SyntaxParser::Impl::parseText(Function &F, uint32_t InstIndex,
                                          DiagnosticSink &Sink) {
  const Instruction &I = F.Instructions[InstIndex];
  // A qualifier with blanks inside '::' was reported by the lexer already,
  // and this grammar would only see a different split of it.
  for (const Span &Q : F.qualifiers(I.Qualifiers))
    if (Q.text().find_first_of(" \t") != llvm::StringRef::npos)
      return false;

  const char *Base = I.opcode().Begin;
  Text.assign(Base, I.src().End);
  // Character indices must stay byte offsets: non-ASCII bytes (possible in
  // comments) become one ASCII byte that the lexer turns into a STRAY token
  // outside comments.
  for (char &C : Text)
    if (static_cast<unsigned char>(C) >= 0x80)
      C = NonAscii;
  if (Shared)
    ++Shared->P->GrammarParses;
  if (!R)
    R = std::make_unique<Recognizers>();
  R->Input.load(Text);
  R->Lexer.setInputStream(&R->Input);
  R->Tokens.setTokenSource(&R->Lexer);
  R->Parser.setTokenStream(&R->Tokens);

  G::StatementContext *S = R->run(antlr4::atn::PredictionMode::SLL);
  if (!S)
    S = R->run(antlr4::atn::PredictionMode::LL);
  if (!S || R->Errors->error().Valid) {
    // A stray non-ASCII byte was reported by the PTX lexer already.
    antlr4::Token *T = R->Errors->error().Offending;
    if (!(T && T->getType() == G::STRAY && T->getText()[0] == NonAscii))
      reportSyntaxError(Base, Sink);
    return false;
  }
  R->Tokens.fill();
  SpelledInstruction Spelled = spelledInstruction(R->Tokens);
  return Tcgen05Transformer(F, InstIndex, Base, Spelled, Sink).transform(S);
}

void Tcgen05SyntaxParser::Impl::reportSyntaxError(const char *Base,
                                                  DiagnosticSink &Sink) {
  R->Tokens.fill();
  SpelledInstruction Spelled = spelledInstruction(R->Tokens);
  const FirstSyntaxError &E = R->Errors->error();
  SyntaxProblem Problem;
  if (E.Valid && E.Offending) {
    Problem = describeSyntaxError(E, R->Tokens, Spelled);
  } else {
    Problem.Begin = 0;
    Problem.End = Text.size();
  }
  reportSyntaxProblem(Problem, Base, Spelled, Sink);
}
