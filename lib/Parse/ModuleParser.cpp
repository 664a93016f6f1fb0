//===- ModuleParser.cpp - The top level of a PTX module -------------------===//

#include "tcgen05/Basic/Suggest.h"
#include "ParserBase.h"

#include "tcgen05/Basic/Target.h"

#include <cstring>
#include <optional>

using namespace tcgen05;

namespace {

bool isTargetOption(llvm::StringRef N) {
  return N == "debug" || N == "texmode_unified" || N == "texmode_independent";
}

class ModuleParser : public ParserBase {
public:
  ModuleParser(llvm::StringRef Text, Module &M, DiagnosticSink &Sink,
               const ParseOptions &Opts, DeferredFound Found, TextFeed *Feed)
      : ParserBase(Text.begin(), Feed ? Feed->available() : Text.end(), M, Sink,
                   Opts, Feed),
        M(M), Begin(Text.begin()), Found(Found) {
    M.Text = Text;
    // Data initializers can hold an operand per two bytes; reserving
    // address space up front (untouched, it costs no memory) spares the
    // copies of repeated growth.
    M.Operands.reserve(std::min<size_t>(Text.size() / 2, size_t(1) << 22));
  }

  /// False when a deferred declaration did not parse as it would have in
  /// order (ParseOptions::DeferDeclarations).
  bool run();

private:
  void parseTopLevelDirective();
  void parseVersion();
  void parseTarget();
  void parseAddressSize();
  void parseLineDirective();
  void parseSection();
  void parsePragma();
  void parseFunction(Span Linkage);
  bool deferDeclaration(Span Linkage);
  const char *nextDeclaration(const char *P, const char *End);
  bool parseDeferred();
  void parseGlobal(Span Linkage);
  /// Marks that a directive other than .version was seen.
  void noteItem() { SeenItem = true; }
  void addItem(ItemKind K, size_t Index = 0) {
    M.Items.push_back(ModuleItem{K, static_cast<uint32_t>(Index)});
  }
  void addDirective(const DirectiveStmt &D) {
    addItem(ItemKind::Directive, M.Directives.size());
    M.OtherDirectives.push_back(static_cast<uint32_t>(M.Directives.size()));
    M.Directives.push_back(D);
  }

  Module &M;
  const char *Begin;
  DeferredFound Found;
  bool SeenItem = false;
  bool SawVersion = false; ///< Even a malformed one: it was reported.
  Span VersionDirective, TargetDirective, AddressSizeDirective;
  /// A declaration left for the end of the pass: where it begins (its
  /// linkage or '.func'), the end of its ';', and its Module::Functions slot.
  struct DeferredDeclaration {
    const char *Begin, *End;
    uint32_t Slot;
  };
  std::vector<DeferredDeclaration> Deferred;
  /// The slot the declaration being parsed again at the end fills.
  std::optional<uint32_t> ReplaySlot;
};

bool ModuleParser::run() {
  while (!Tok.is(Tok::Eof) && !Sink.shouldStop()) {
    switch (Tok.Kind) {
    case Tok::DotWord:
      parseTopLevelDirective();
      break;
    case Tok::Semi:
      Sink.report(DiagID::err_empty_statement, Tok.span().range());
      consume();
      break;
    case Tok::LBrace:
      expected("a directive");
      consume();
      skipBalancedBraces();
      break;
    case Tok::RBrace:
      Sink.report(DiagID::err_unmatched_rbrace, Tok.span().range());
      consume();
      break;
    default:
      expected("a directive");
      consume();
      recover();
      break;
    }
  }
  bool InOrder = parseDeferred();
  llvm::SMLoc Start = llvm::SMLoc::getFromPointer(Begin);
  if (!SawVersion)
    Sink.report(DiagID::err_missing_version, llvm::SMRange(Start, Start));
  if (M.Target.Names.empty() && !TargetDirective.valid())
    Sink.report(DiagID::err_missing_target, llvm::SMRange(Start, Start));
  return InOrder;
}

/// A declaration is left for later only when nothing in it can be other
/// than the tokens of a signature: no comment, string or brace before its
/// ';', all of which the text up to the lexer's end holds.
bool ModuleParser::deferDeclaration(Span Linkage) {
  const char *End = Lex.end();
  const char *Begin = Linkage.valid() ? Linkage.Begin : Tok.Ptr;
  const char *Semi = findSignatureEnd(Tok.Ptr, End);
  if (Semi == End || *Semi != ';')
    return false;
  // The declarations that follow one another, as a -G module's thousands
  // do, are found in the text without the lexer; the replay parses each.
  do {
    Deferred.push_back(
        {Begin, Semi + 1, static_cast<uint32_t>(M.Functions.size())});
    addItem(ItemKind::Function, M.Functions.size());
    M.Functions.emplace_back().Src = Span(Begin, Semi + 1);
    const char *Next = nextDeclaration(Semi + 1, End);
    if (!Next)
      break;
    const char *NextSemi = findSignatureEnd(Next, End);
    if (NextSemi == End || *NextSemi != ';')
      break;
    Begin = Next;
    Semi = NextSemi;
  } while (true);
  // The ';' is lexed where it is, so that what follows starts as it would.
  Lex.reset(Semi);
  Tok = Lex.lex();
  consume();
  return true;
}

/// Where a `.func` declaration, with a linkage or none, begins after blanks
/// and line breaks at P; null when something else comes first.
const char *ModuleParser::nextDeclaration(const char *P, const char *End) {
  auto SkipBlanks = [&](const char *Q) {
    while (Q < End && (charclass::is(*Q, charclass::Blank) || *Q == '\n'))
      ++Q;
    return Q;
  };
  auto Word = [&](const char *Q, llvm::StringRef W) {
    return size_t(End - Q) > W.size() && llvm::StringRef(Q, W.size()) == W &&
           !charclass::is(Q[W.size()], charclass::IdentCont);
  };
  const char *Begin = SkipBlanks(P), *Q = Begin;
  if (Q < End && *Q == '.') {
    const char *WordEnd = charclass::skipIdentCont(Q + 1, End);
    if (isLinkage(llvm::StringRef(Q, WordEnd - Q)))
      Q = SkipBlanks(WordEnd);
  }
  return Word(Q, ".func") ? Begin : nullptr;
}

/// Parses the deferred declarations as the pass would have met them.  Any
/// diagnostic, or a parse that does not end at the ';' the scan found,
/// means that the order of the pass matters to what it reports: the caller
/// parses again without deferring.
bool ModuleParser::parseDeferred() {
  if (Deferred.empty())
    return true;
  if (Sink.shouldStop())
    return false;
  size_t Reported = Sink.diagnostics().size();
  for (const DeferredDeclaration &D : Deferred) {
    ReplaySlot = D.Slot;
    Lex.reset(D.Begin);
    Tok = Lex.lex();
    parseTopLevelDirective();
    if (ReplaySlot || PrevEnd != D.End || Sink.diagnostics().size() != Reported)
      return false;
  }
  return true;
}

void ModuleParser::parseTopLevelDirective() {
  llvm::StringRef W = Tok.text();
  if (W == ".version")
    return parseVersion();
  if (W == ".target")
    return parseTarget();
  if (W == ".address_size")
    return parseAddressSize();
  if (W == ".file")
    return parseLineDirective();
  if (W == ".section")
    return parseSection();
  if (W == ".pragma")
    return parsePragma();
  Span Linkage;
  if (isLinkage(W)) {
    Linkage = Tok.span();
    consume();
    if (!Tok.is(Tok::DotWord)) {
      expected("'.entry', '.func' or a variable declaration");
      recover();
      return;
    }
    W = Tok.text();
  }
  if (W == ".entry" || W == ".func")
    return parseFunction(Linkage);
  if (isStateSpace(W))
    return parseGlobal(Linkage);
  if (W == ".alias") {
    noteItem();
    DirectiveStmt D;
    if (!parseListDirective(D))
      return;
    expectSemi(".alias", /*Quote=*/true);
    addDirective(D);
    return;
  }
  Diagnostic &D =
      Sink.report(DiagID::err_unknown_directive, Tok.span().range(), {W.str()});
  if (std::string Near = closestSpelling(W, ptxDirectiveNames()); !Near.empty())
    D.suggest(Tok.span().range(), Near);
  consume();
  recover();
}

void ModuleParser::parseVersion() {
  Token Dir = Tok;
  SawVersion = true;
  consume();
  if (M.Version.valid()) {
    Sink.report(DiagID::err_duplicate_module_directive, Dir.span().range(),
                {".version"})
        .note(DiagID::note_previous_definition, VersionDirective.range(),
              {".version"});
  } else if (SeenItem) {
    Sink.report(DiagID::err_version_not_first, Dir.span().range());
  }
  if (!Tok.is(Tok::Float) || !Tok.text().contains('.')) {
    expected("a version number such as 9.0");
    recover();
    return;
  }
  llvm::StringRef V = Tok.text();
  std::optional<unsigned> Known = parsePTXVersion(V);
  if (!Known) {
    Sink.report(DiagID::err_bad_version, Tok.span().range(), {V.str()});
  } else if (!M.Version.valid()) {
    unsigned Major = *Known / 10, Minor = *Known % 10;
    addItem(ItemKind::Version);
    M.Version = Tok.span();
    M.VersionMajor = Major;
    M.VersionMinor = Minor;
    VersionDirective = Dir.span();
  }
  consume();
}

void ModuleParser::parseTarget() {
  Token Dir = Tok;
  noteItem();
  consume();
  TargetSpec Spec;
  Spec.Src.Begin = Dir.Ptr;
  do {
    if (!Tok.is(Tok::Identifier)) {
      expected("a target name such as sm_100a");
      recover();
      return;
    }
    if (!isKnownTargetName(Tok.text()) && !isTargetOption(Tok.text()))
      Sink.report(DiagID::err_unknown_target_option, Tok.span().range(),
                  {Tok.text().str()});
    Spec.Names.push_back(Tok.span());
    consume();
  } while (tryConsume(Tok::Comma));
  Spec.Src.End = PrevEnd;
  // ptxas accepts several .target directives; the last one wins.
  if (!TargetDirective.valid())
    addItem(ItemKind::Target);
  TargetDirective = Dir.span();
  M.Target = Spec;
}

void ModuleParser::parseAddressSize() {
  Token Dir = Tok;
  noteItem();
  consume();
  if (AddressSizeDirective.valid())
    Sink.report(DiagID::err_duplicate_module_directive, Dir.span().range(),
                {".address_size"})
        .note(DiagID::note_previous_definition, AddressSizeDirective.range(),
              {".address_size"});
  if (!AddressSizeDirective.valid())
    addItem(ItemKind::AddressSize);
  AddressSizeDirective = Dir.span();
  if (!Tok.is(Tok::Integer)) {
    expected("32 or 64");
    recover();
    return;
  }
  uint64_t N = 0;
  parseIntegerLiteral(Tok.text(), N);
  if (N != 32 && N != 64)
    Sink.report(DiagID::err_bad_address_size, Tok.span().range(),
                {Tok.text().str()});
  M.AddressSize = static_cast<unsigned>(N);
  consume();
}

void ModuleParser::parseLineDirective() {
  noteItem();
  DirectiveStmt D;
  if (!parseDebugDirective(D)) {
    recover();
    return;
  }
  addDirective(D);
}

void ModuleParser::parseSection() {
  // DWARF sections: labels and .b8/.b16/.b32/.b64 data lists.  Their
  // content is checked lexically only.
  noteItem();
  DirectiveStmt D;
  D.Name = Tok.span();
  D.Src.Begin = Tok.Ptr;
  consume();
  if (!Tok.is(Tok::DotWord)) {
    expected("a section name such as .debug_info");
    recover();
    return;
  }
  consume();
  if (!Tok.is(Tok::LBrace)) {
    expected("'{'");
    recover();
    return;
  }
  Token Open = Tok;
  const char *Close =
      Opts.DeferSectionContents ? findMatchingBrace(Open.Ptr, Lex) : nullptr;
  // Without a match the search returns the end of input: the block is then
  // lexed here, which reports where it runs out.
  if (Close && Close != Lex.end()) {
    // The contents are the caller's to check; the scan resumes at the '}'.
    M.SectionContents.push_back(Span(Open.end(), Close - 1));
    if (Found)
      Found(nullptr, M.SectionContents.back());
    Lex.reset(Close - 1);
    PrevEnd = Open.end();
    Tok = Lex.lex();
  } else {
    consume();
    lexSectionContents();
  }
  if (Tok.is(Tok::Eof)) {
    Sink.report(DiagID::err_unexpected_eof_section, Tok.span().range())
        .note(DiagID::note_to_match, Open.span().range(), {"{"});
    return;
  }
  consume();
  D.Src.End = PrevEnd;
  addDirective(D);
}

/// The contents of one .section block, checked apart from the module.
class SectionChecker : ParserBase {
public:
  SectionChecker(Span Contents, NodePool &Pool, DiagnosticSink &Sink,
                 const ParseOptions &Opts)
      : ParserBase(Contents.Begin, Contents.End, Pool, Sink, Opts) {}
  void run() {
    for (lexSectionContents(); !Tok.is(Tok::Eof); lexSectionContents()) {
      // A '}' the brace search did not see (inside what the lexer reads as
      // a string or comment differently): the section would end here.
      expected(SectionItem);
      consume();
    }
  }
};

void ModuleParser::parsePragma() {
  noteItem();
  DirectiveStmt D;
  D.Name = Tok.span();
  D.Src.Begin = Tok.Ptr;
  consume();
  llvm::SmallVector<Operand, 2> Ops;
  do {
    if (!Tok.is(Tok::String)) {
      expected("a string");
      recover();
      return;
    }
    parseOperand(Ops);
  } while (tryConsume(Tok::Comma));
  D.Operands = commit(Ops);
  D.Src.End = Tok.end();
  expectSemi(".pragma", /*Quote=*/true);
  addDirective(D);
}

void ModuleParser::parseGlobal(Span Linkage) {
  noteItem();
  Declaration D;
  if (!parseDeclaration(D, /*InList=*/false)) {
    recover();
    return;
  }
  if (Linkage.valid())
    D.Src.Begin = Linkage.Begin;
  D.Linkage = Linkage;
  addItem(ItemKind::Global, M.Declarations.size());
  M.Globals.push_back(static_cast<uint32_t>(M.Declarations.size()));
  M.Declarations.push_back(D);
  expectSemi("the declaration");
}

void ModuleParser::parseFunction(Span Linkage) {
  noteItem();
  if (Opts.DeferDeclarations && !ReplaySlot && Tok.text() == ".func" &&
      deferDeclaration(Linkage))
    return;
  Function F;
  F.Linkage = Linkage;
  F.Src.Begin = Linkage.valid() ? Linkage.Begin : Tok.Ptr;
  F.IsEntry = Tok.text() == ".entry";
  consume();
  // Signatures are parsed into the module's pools (the function's own pools
  // hold its body), so parameter declarations index M.Declarations.
  if (!F.IsEntry && Tok.is(Tok::LParen) && !parseParamList(&F.Returns)) {
    recover();
    return;
  }
  if (!Tok.is(Tok::Identifier)) {
    expected("a function name");
    recover();
    return;
  }
  F.Name = Tok.span();
  consume();
  if (Tok.is(Tok::LParen) && !parseParamList(&F.Params)) {
    recover();
    return;
  }
  // Performance-tuning directives: .maxntid 128,1,1  .noreturn  ...
  while (Tok.is(Tok::DotWord)) {
    DirectiveStmt D;
    D.Name = Tok.span();
    D.Src.Begin = Tok.Ptr;
    if (Tok.text() == ".noreturn")
      F.IsNoReturn = true;
    consume();
    llvm::SmallVector<Operand, 3> Ops;
    if (Tok.is(Tok::Integer) || Tok.is(Tok::String)) {
      do {
        if (!parseOperand(Ops)) {
          recover();
          return;
        }
      } while (tryConsume(Tok::Comma));
    }
    D.Operands = commit(Ops);
    D.Src.End = PrevEnd;
    if (D.Name.text() == ".pragma")
      expectSemi(".pragma", /*Quote=*/true);
    F.PerfDirectives.push_back(static_cast<uint32_t>(M.Directives.size()));
    M.Directives.push_back(D);
  }
  if (Tok.is(Tok::LBrace)) {
    const char *Open = Tok.Ptr;
    const char *Close = findMatchingBrace(Open, Lex);
    F.HasBody = true;
    F.Body = Span(Open, Close);
    Lex.reset(Close);
    consume();
    F.Src.End = Close;
  } else {
    // A declaration without ';' still declares the name.
    expectSemi("the function declaration");
    F.Src.End = PrevEnd;
  }
  if (ReplaySlot) {
    // The declaration's item was added when it was deferred.
    M.Functions[*ReplaySlot] = std::move(F);
    ReplaySlot.reset();
    return;
  }
  addItem(ItemKind::Function, M.Functions.size());
  M.Functions.push_back(std::move(F));
  if (Found && M.Functions.back().HasBody)
    Found(&M.Functions.back(), M.Functions.back().Body);
}

} // namespace

bool tcgen05::parseModule(llvm::StringRef Text, Module &M, DiagnosticSink &Sink,
                          const ParseOptions &Opts, DeferredFound Found,
                          TextFeed *Feed) {
  return ModuleParser(Text, M, Sink, Opts, Found, Feed).run();
}

void tcgen05::checkSectionContents(Span Contents, DiagnosticSink &Sink) {
  NodePool Pool;
  ParseOptions Opts;
  SectionChecker(Contents, Pool, Sink, Opts).run();
}
