//===- Baseline.cpp - Known findings a code base adopts the tool with -----===//

#include "tcgen05/Frontend/Baseline.h"

#include "tcgen05/Basic/SuppressionMarker.h"

#include "tcgen05/Frontend/Fingerprint.h"
#include "tcgen05/Frontend/ReadInput.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {
/// Findings a baseline speaks of: notes and remarks are neither kept nor
/// dropped, and neither are errors of the input's syntax (isAcceptable).
bool isFinding(const Diagnostic &D) {
  return (D.Sev == Severity::Error || D.Sev == Severity::Warning) &&
         isAcceptable(D.code());
}
} // namespace

std::optional<Baseline> Baseline::load(llvm::StringRef Path,
                                       DiagnosticsEngine &Engine) {
  InputRead In = readInput(Path, DefaultMaxInputSize);
  if (!In.Buffer) {
    Engine.emit(nullptr, Diagnostic::make(
                             DiagID::err_cannot_open, {},
                             {Path.str(), In.Error ? In.Error.message()
                                                   : std::string("too large")},
                             Path.str()));
    return std::nullopt;
  }
  std::string Error;
  std::optional<Baseline> B = parse(In.Buffer->getBuffer(), Error);
  if (!B)
    Engine.emit(nullptr, Diagnostic::make(DiagID::err_usage_bad_baseline, {},
                                          {Path.str(), Error}, Path.str()));
  return B;
}

namespace {

/// JSON read in one pass for what a baseline holds, without building the
/// document: a tree of llvm::json values took many times the input's size
/// in memory, and its recursive parser overflowed the stack on deep
/// nesting.
/// Any valid JSON is read; arrays and objects nest at most MaxDepth deep.
class BaselineReader {
public:
  static constexpr unsigned MaxDepth = 64;

  explicit BaselineReader(llvm::StringRef Text) : Text(Text) {}

  /// Reads the document; the fingerprints of the findings go to Prints.
  bool read(llvm::StringSet<> &Prints, std::string &Error) {
    Out = &Prints;
    bool OK = value(0, Where::Top) &&
              (skipSpace(), Pos == Text.size() || fail("trailing text"));
    if (!OK) {
      Error = Problem;
      return false;
    }
    if (!IsTool || !HasFindings) {
      Error = "expected an object with \"tool\": \"tcgen05-check\" and a "
              "\"findings\" array";
      return false;
    }
    if (MissingPrint) {
      Error = "a finding has no \"fingerprint\"";
      return false;
    }
    return true;
  }

private:
  /// What the value being read is to the baseline.
  enum class Where { Top, Tool, Findings, Finding, Fingerprint, Other };

  bool fail(const std::string &Why) {
    if (Problem.empty())
      Problem = "byte " + std::to_string(Pos) + ": " + Why;
    return false;
  }
  void skipSpace() {
    while (Pos < Text.size() && (Text[Pos] == ' ' || Text[Pos] == '\n' ||
                                 Text[Pos] == '\r' || Text[Pos] == '\t'))
      ++Pos;
  }
  bool eat(char C) {
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == C) {
      ++Pos;
      return true;
    }
    return false;
  }

  bool value(unsigned Depth, Where W) {
    skipSpace();
    if (Pos == Text.size())
      return fail("unexpected end of the document");
    char C = Text[Pos];
    if (C == '{' || C == '[') {
      if (Depth == MaxDepth)
        return fail("nested more than " + std::to_string(MaxDepth) + " deep");
      return C == '{' ? object(Depth + 1, W) : array(Depth + 1, W);
    }
    if (C == '"') {
      std::string S;
      if (!string(S))
        return false;
      if (W == Where::Tool)
        IsTool = S == "tcgen05-check";
      else if (W == Where::Fingerprint) {
        Out->insert(S);
        HasPrint = true;
      }
      return true;
    }
    for (llvm::StringRef Word : {"true", "false", "null"})
      if (Text.substr(Pos).starts_with(Word)) {
        Pos += Word.size();
        return true;
      }
    return number();
  }

  bool object(unsigned Depth, Where W) {
    ++Pos;
    if (eat('}'))
      return W != Where::Finding || (MissingPrint = true);
    bool Printed = false;
    do {
      skipSpace();
      std::string Key;
      if (Pos == Text.size() || Text[Pos] != '"')
        return fail("expected a key");
      if (!string(Key) || (!eat(':') && !fail("expected ':'")))
        return false;
      Where Inner = Where::Other;
      if (W == Where::Top && Key == "tool")
        Inner = Where::Tool;
      else if (W == Where::Top && Key == "findings")
        Inner = Where::Findings;
      else if (W == Where::Finding && Key == "fingerprint")
        Inner = Where::Fingerprint;
      HasPrint = false;
      if (!value(Depth, Inner))
        return false;
      Printed |= Inner == Where::Fingerprint && HasPrint;
    } while (eat(','));
    if (W == Where::Finding && !Printed)
      MissingPrint = true;
    return eat('}') || fail("expected ',' or '}'");
  }

  bool array(unsigned Depth, Where W) {
    ++Pos;
    if (W == Where::Findings)
      HasFindings = true;
    if (eat(']'))
      return true;
    do {
      skipSpace();
      bool IsObject = Pos < Text.size() && Text[Pos] == '{';
      if (W == Where::Findings && !IsObject)
        MissingPrint = true;
      if (!value(Depth, W == Where::Findings ? Where::Finding : Where::Other))
        return false;
    } while (eat(','));
    return eat(']') || fail("expected ',' or ']'");
  }

  bool string(std::string &Out) {
    ++Pos;
    while (Pos < Text.size()) {
      char C = Text[Pos++];
      if (C == '"')
        return true;
      if (static_cast<unsigned char>(C) < 0x20)
        return fail("a control character in a string");
      if (C != '\\') {
        Out += C;
        continue;
      }
      if (Pos == Text.size())
        break;
      char E = Text[Pos++];
      static constexpr llvm::StringLiteral From = "\"\\/bfnrt",
                                           To = "\"\\/\b\f\n\r\t";
      if (size_t K = From.find(E); K != llvm::StringRef::npos) {
        Out += To[K];
      } else if (E == 'u' && Pos + 4 <= Text.size() &&
                 llvm::all_of(Text.substr(Pos, 4), llvm::isHexDigit)) {
        // Fingerprints are ASCII: an escape is kept as written.
        Out += "\\u" + Text.substr(Pos, 4).str();
        Pos += 4;
      } else {
        return fail("a bad escape in a string");
      }
    }
    return fail("an unterminated string");
  }

  bool number() {
    size_t Start = Pos;
    if (Pos < Text.size() && Text[Pos] == '-')
      ++Pos;
    auto Digits = [&] {
      size_t From = Pos;
      while (Pos < Text.size() && llvm::isDigit(Text[Pos]))
        ++Pos;
      return Pos > From;
    };
    if (!Digits())
      return (Pos = Start), fail("expected a value");
    if (Pos < Text.size() && Text[Pos] == '.' && (++Pos, !Digits()))
      return fail("a bad number");
    if (Pos < Text.size() && (Text[Pos] == 'e' || Text[Pos] == 'E')) {
      ++Pos;
      if (Pos < Text.size() && (Text[Pos] == '+' || Text[Pos] == '-'))
        ++Pos;
      if (!Digits())
        return fail("a bad number");
    }
    return true;
  }

  llvm::StringRef Text;
  size_t Pos = 0;
  llvm::StringSet<> *Out = nullptr;
  std::string Problem;
  bool IsTool = false, HasFindings = false, MissingPrint = false,
       HasPrint = false;
};

} // namespace

std::optional<Baseline> Baseline::parse(llvm::StringRef Text,
                                        std::string &Error) {
  Baseline B;
  if (!BaselineReader(Text).read(B.Known, Error))
    return std::nullopt;
  B.Loaded = B.Known.size();
  return B;
}

unsigned Baseline::apply(const llvm::SourceMgr &SM,
                         std::vector<Diagnostic> &Diags) const {
  if (Known.empty())
    return 0;
  FingerprintMaker Prints;
  size_t Before = Diags.size();
  llvm::erase_if(Diags, [&](const Diagnostic &D) {
    return isFinding(D) && Known.contains(Prints.next(&SM, D));
  });
  return Before - Diags.size();
}

void Baseline::record(const llvm::SourceMgr &SM,
                      const std::vector<Diagnostic> &Diags) {
  FingerprintMaker Prints;
  for (const Diagnostic &D : Diags) {
    if (!isFinding(D))
      continue;
    std::string Print = Prints.next(&SM, D);
    std::string File = D.File;
    if (D.Range.Start.isValid())
      if (unsigned ID = SM.FindBufferContainingLoc(D.Range.Start))
        File = SM.getMemoryBuffer(ID)->getBufferIdentifier().str();
    if (Known.insert(Print).second)
      Entries.push_back({Print, formatDiagCode(D.code()), File, D.Message});
  }
}

void Baseline::write(llvm::raw_ostream &OS) const {
  llvm::json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("tool", "tcgen05-check");
    J.attribute("version", 1);
    J.attributeArray("findings", [&] {
      for (const Entry &E : Entries)
        J.object([&] {
          J.attribute("fingerprint", E.Fingerprint);
          J.attribute("code", E.Code);
          J.attribute("file", E.File);
          J.attribute("message", E.Message);
        });
    });
  });
  OS << "\n";
}
