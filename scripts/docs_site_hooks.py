"""MkDocs hooks of the documentation site (mkdocs.yml `hooks:`), for the checks that strict mode
of Debian's mkdocs 1.4 does not make, and for the Doxygen API reference:

- on_files: brings the API reference that Doxygen wrote to build/doxygen/api-reference (made
  first by scripts/docs-build) into the site as api-reference/, so the navigation and the pages
  link it like any other file, and strict mode checks those links;
- on_nav: a page of docs/ that the navigation leaves out is a warning;
- on_page_content, on_post_build: every link from one page to another (or to itself, or to an
  image) must reach an existing file, and its #anchor an id on the target page;
- on_page_markdown: the pages are written for GitHub's Markdown, which Python-Markdown reads
  differently in two ways that change the text: a `*` right after a word (A*, Theta*, D* Lite)
  is literal on GitHub, but Python-Markdown pairs two of them into emphasis, so such stars are
  escaped unless they close an emphasis the paragraph opened (*like this*); and a list may
  follow a paragraph line directly on GitHub, where Python-Markdown needs a blank line first,
  so one is put in.

Every problem is logged as a warning under the mkdocs logger, so `mkdocs build --strict` fails.
"""

import html.parser
import logging
import os
import posixpath
import re
import warnings
from urllib.parse import unquote, urlsplit

from mkdocs.structure.files import File

log = logging.getLogger("mkdocs.hooks.docs_site")

# Debian's jinja2 3.1.2 warns when it decodes a string literal with "\s" in one of the theme's
# templates, and mkdocs logs that with a traceback on every build. Nothing of ours: left out.
warnings.filterwarnings("ignore", message="invalid escape sequence", category=DeprecationWarning)

API_DIR = "api-reference"  # Doxygen's HTML_OUTPUT, under build/doxygen, and its place in the site

_page_ids = {}  # page URL -> set of element ids in its content
_page_links = {}  # page URL -> [href or img src as written in its HTML]
_file_urls = set()  # URL of every file in the site (pages, images, the API reference)


def on_files(files, config):
    doxygen_root = os.path.join(os.path.dirname(config.config_file_path), "build", "doxygen")
    api_root = os.path.join(doxygen_root, API_DIR)
    if not os.path.isfile(os.path.join(api_root, "index.html")):
        log.warning(
            f"no API reference in {api_root}: run scripts/docs-build (Doxygen, then MkDocs)")
    else:
        for directory, _, names in os.walk(api_root):
            for name in sorted(names):
                rel = os.path.relpath(os.path.join(directory, name), doxygen_root)
                files.append(File(rel, doxygen_root, config.site_dir, config.use_directory_urls))
    _page_ids.clear()
    _page_links.clear()
    _file_urls.clear()
    _file_urls.update(f.url for f in files)
    return files


def on_nav(nav, config, files):
    in_nav = {page.file.src_uri for page in nav.pages}
    for f in files.documentation_pages():
        if f.src_uri not in in_nav:
            log.warning(f"docs/{f.src_uri} is not in the navigation (mkdocs.yml, nav)")
    return nav


_CODE_SPAN = re.compile(r"(`+)(?:.*?)\1")
_LIST_ITEM = re.compile(r"^ {0,3}(?:[-*+]|\d{1,9}[.)]) +\S")


def _escape_word_stars(text, state):
    """Escapes the stars of one line of text (no code spans) that follow a word character and
    close no open emphasis. state["open"] carries an open emphasis across the paragraph."""
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\":  # an escaped character stays as it is
            out.append(text[i : i + 2])
            i += 2
            continue
        if c != "*":
            out.append(c)
            i += 1
            continue
        if text.startswith("**", i):  # strong emphasis: left to Markdown
            out.append("**")
            i += 2
            continue
        prev = text[i - 1] if i > 0 else " "
        nxt = text[i + 1] if i + 1 < len(text) else " "
        if state["open"]:
            state["open"] = False
            out.append(c)
        elif prev.isalnum() or prev == "_":
            out.append("\\*")
        else:
            state["open"] = not nxt.isspace()
            out.append(c)
        i += 1
    return "".join(out)


def on_page_markdown(markdown, page, config, files):
    lines = []
    fence = None
    block = None
    state = {"open": False}
    for line in markdown.split("\n"):
        stripped = line.lstrip()
        if fence:
            if stripped.startswith(fence):
                fence = None
            lines.append(line)
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            lines.append(line)
            continue
        if not stripped:
            state["open"] = False
            block = None
            lines.append(line)
            continue
        if block is None:  # the first line of a block: a list item, a table, a paragraph, ...
            block = "list" if _LIST_ITEM.match(line) else stripped[:1]
        elif _LIST_ITEM.match(line) and block not in ("list", "|", "#", ">"):
            lines.append("")  # a paragraph followed by a list
            block = "list"
        pieces = []
        last = 0
        for m in _CODE_SPAN.finditer(line):
            pieces.append(_escape_word_stars(line[last : m.start()], state))
            pieces.append(m.group(0))
            last = m.end()
        pieces.append(_escape_word_stars(line[last:], state))
        lines.append("".join(pieces))
    return "\n".join(lines)


class _LinkParser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.links = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href") is not None:
            self.links.append(attrs["href"])
        elif tag == "img" and attrs.get("src") is not None:
            self.links.append(attrs["src"])


def on_page_content(html_text, page, config, files):
    parser = _LinkParser()
    parser.feed(html_text)
    _page_ids[page.url] = parser.ids
    _page_links[page.url] = parser.links
    return html_text


def _target(page_url, href):
    """The site URL and anchor a relative link leads to, or None for links out of the site."""
    scheme, netloc, path, _, fragment = urlsplit(href)
    if scheme or netloc:
        return None
    if path.startswith("/"):
        return ("/", fragment)  # reported: the site may be served under any path
    if not path:
        return (page_url, fragment)
    url = posixpath.normpath(posixpath.join(posixpath.dirname(page_url), unquote(path)))
    return (url, unquote(fragment))


def on_post_build(config):
    for page_url, links in sorted(_page_links.items()):
        for href in links:
            target = _target(page_url, href)
            if target is None:
                continue
            url, fragment = target
            if url == "/":
                log.warning(f"{page_url}: link '{href}' is an absolute path; use a relative one")
            elif url not in _file_urls:
                log.warning(f"{page_url}: link '{href}' leads to '{url}', which the site lacks")
            elif fragment and url in _page_ids and fragment not in _page_ids[url]:
                log.warning(f"{page_url}: link '{href}': '{url}' has no anchor '#{fragment}'")
