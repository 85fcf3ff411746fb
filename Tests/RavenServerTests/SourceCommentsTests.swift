import Foundation
import Testing

@testable import RavenServer

@Suite("Whole-line comments left out of the scripts and styles sent")
struct SourceCommentsTests {
  @Test("JavaScript: // lines and /* */ blocks go; code, and comments after code, stay")
  func javaScript() {
    let source = """
      // Why this module exists.
      import { h } from './dom.js';
        // indented too
      /** A doc comment
       * over lines. */
      const a = 1; // after code: kept
      /* one line */
      const url = 'http://example.com'; /* trailing */
      const b = 2;
      """
    #expect(
      SourceComments.stripped(source, javaScript: true) == """
        import { h } from './dom.js';
        const a = 1; // after code: kept
        const url = 'http://example.com'; /* trailing */
        const b = 2;
        """)
  }

  @Test("Leading indentation goes, but not inside a template literal")
  func indentation() {
    let source = """
      function f() {
        if (x) {
          return `a
        b`;
        }
      }
      """
    #expect(
      SourceComments.stripped(source, javaScript: true) == """
        function f() {
        if (x) {
        return `a
          b`;
        }
        }
        """)
  }

  @Test(
    "No script of the web app continues a string onto the next line, which would take its indentation"
  )
  func noContinuedStrings() throws {
    for (path, file) in WebAssets.bundled.files where path.hasSuffix(".js") {
      let source = try #require(String(data: Data(file.body.readableBytesView), encoding: .utf8))
      #expect(!source.contains("\\\n"), "\(path)")
    }
  }

  @Test("A block with code after its end, and lines in a template literal, are kept whole")
  func keptWhole() {
    let source = """
      /* a comment
         that ends */ const c = 3;
      const text = `first
      // not a comment: part of the string
      last`;
      // gone
      """
    #expect(
      SourceComments.stripped(source, javaScript: true) == """
        /* a comment
           that ends */ const c = 3;
        const text = `first
        // not a comment: part of the string
        last`;
        """)
  }

  @Test("CSS: /* */ blocks go, // is not a comment there, and the bytes sent shrink")
  func css() {
    let source = """
      /* Tab bar */
      .tabbar { color: red; }
      .a { background: url(//example.com/x.png); }
      """
    #expect(
      SourceComments.stripped(source, javaScript: false)
        == ".tabbar{color:red;}.a{background:url(//example.com/x.png);}")
    let asset = WebAsset(bytes: Data(source.utf8), path: "/css/app.css")
    #expect(asset.body.readableBytes < source.utf8.count)
  }

  @Test("Blank lines go, but not inside a template literal")
  func blankLines() {
    let source = """
      const a = 1;

      const text = `first

      last`;
        \t
      const b = 2;
      """
    #expect(
      SourceComments.stripped(source, javaScript: true) == """
        const a = 1;
        const text = `first

        last`;
        const b = 2;
        """)
  }

  @Test("CSS: the whitespace around its punctuation goes; a space that means something stays")
  func cssWhitespace() {
    let source = """
      @media (min-width: 900px) {
        .a :focus, .b > .c { margin: calc(100% - 2 * var(--pad)) auto; }
      }
      .d::before { content: "a , b : { c }"; font: 12px/1.5 'SF Mono', monospace; }
      .e { color: red; } /* the page's own: kept */ .f { color: blue; }
      """
    #expect(
      SourceComments.collapsedCSS(source) == "@media (min-width:900px){.a :focus,.b > .c{"
        + "margin:calc(100% - 2 * var(--pad)) auto;}}.d::before{content:\"a , b : { c }\";"
        + "font:12px/1.5 'SF Mono',monospace;}.e{color:red;}/* the page's own: kept */ .f{"
        + "color:blue;}")
  }
}
