import Foundation
import Testing

@testable import RavenServer

@Suite("Spaces beside punctuation left out of the scripts sent")
struct ScriptSpacingTests {
  @Test("Beside punctuation they go; between words, and where tokens would join, they stay")
  func punctuation() {
    #expect(ScriptSpacing.collapsed("const a = f(b, c) + 1;") == "const a=f(b,c)+1;")
    #expect(ScriptSpacing.collapsed("return x;") == "return x;")
    #expect(ScriptSpacing.collapsed("a - -b; a + +b; a - +b") == "a- -b;a+ +b;a- +b")
    #expect(ScriptSpacing.collapsed("const q = a / b / c;") == "const q=a / b / c;")
    #expect(ScriptSpacing.collapsed("if (a) {\n  b();\n}") == "if(a){b();}")
    #expect(ScriptSpacing.collapsed("x = 1 .toFixed(2) < !--y") == "x=1 .toFixed(2)< !--y")
    // A comment is no token: the `/` after it is read by the `=` before it.
    #expect(ScriptSpacing.collapsed("a = /* x) */ / b , c /") == "a= /* x) */ / b , c /")
  }

  @Test("A line break goes only where no semicolon could be inserted for it")
  func lineBreaks() {
    #expect(ScriptSpacing.collapsed("f(\n  a,\n  b,\n);\ng()") == "f(a,b,);g()")
    #expect(ScriptSpacing.collapsed("const a = b\nconst c = d\n}") == "const a=b\nconst c=d}")
    #expect(ScriptSpacing.collapsed("return\nx") == "return\nx")
    #expect(ScriptSpacing.collapsed("a = 1; // so, {\nb = 2") == "a=1; // so, {\nb=2")
    #expect(ScriptSpacing.collapsed("s = `a,\n(b`;\nc") == "s=`a,\n(b`;c")
  }

  @Test("Strings, template text, regular expressions and comments go as they are")
  func literals() {
    #expect(ScriptSpacing.collapsed("x = 'a = b, c' + \"d ( e\";") == "x='a = b, c'+\"d ( e\";")
    #expect(
      ScriptSpacing.collapsed("s = `a = ${b + c} d ${`e ${f ? 1 : 2} g`} h`;")
        == "s=`a = ${b+c} d ${`e ${f?1:2} g`} h`;")
    #expect(ScriptSpacing.collapsed("t.replace(/ +$/g, ' ')") == "t.replace(/ +$/g,' ')")
    #expect(ScriptSpacing.collapsed("return / a [/] b /.test(s)") == "return / a [/] b /.test(s)")
    #expect(ScriptSpacing.collapsed("a = 1; // b = 2, c") == "a=1; // b = 2, c")
    #expect(ScriptSpacing.collapsed("a = 1; /* b = 2 */ c = 3") == "a=1; /* b = 2 */ c=3")
    #expect(ScriptSpacing.collapsed("x = 'it\\'s = ok' ;") == "x='it\\'s = ok';")
    #expect(ScriptSpacing.collapsed("const o = { a: `{ ${x} }` };") == "const o={a:`{ ${x} }`};")
  }

  @Test("Every script of the web app loses only spaces and line breaks")
  func onlySpacesGo() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/RavenServer/Resources/web/js").standardized
    let scripts = try FileManager.default.contentsOfDirectory(atPath: root.path)
      .filter { $0.hasSuffix(".js") }
    #expect(scripts.count > 15)
    for name in scripts {
      let source = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
      let collapsed = ScriptSpacing.collapsed(source)
      let tokens = { (text: String) in text.filter { $0 != " " && $0 != "\t" && $0 != "\n" } }
      #expect(tokens(collapsed) == tokens(source), "\(name)")
      #expect(collapsed.count < source.count, "\(name)")
    }
  }
}
