package driver

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// terminalWidth is the width paragraphs are wrapped to by renderTerminal.
const terminalWidth = 80

var (
	mdLink   = regexp.MustCompile(`\[([^\]]+)\]\(([^)]+)\)`)
	mdBold   = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	mdEscape = regexp.MustCompile(`\\([\\` + "`" + `*_{}\[\]()#+\-.!<>|])`)
	mdList   = regexp.MustCompile(`^(\s*)([-*]|\d+\.) `)
)

// renderTerminal turns the Markdown of a rule's documentation into plain text for a
// terminal: headings underlined, tables aligned, code blocks indented and kept verbatim,
// inline markup (backticks, bold, backslash escapes, links) removed, and paragraphs
// wrapped.
func renderTerminal(md string) string {
	var out []string
	src := strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n")
	fenced := false
	for i := 0; i < len(src); i++ {
		l := src[i]
		switch {
		case strings.HasPrefix(strings.TrimSpace(l), "```"):
			fenced = !fenced
			continue
		case fenced:
			out = append(out, "    "+l)
			continue
		case strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "    ") && !mdList.MatchString(l):
			out = append(out, l) // an indented code block
			continue
		case strings.HasPrefix(strings.TrimSpace(l), "<!--"):
			for !strings.Contains(src[i], "-->") && i+1 < len(src) {
				i++
			}
			continue
		case strings.HasPrefix(l, "#"):
			level := len(l) - len(strings.TrimLeft(l, "#"))
			title := inline(strings.TrimSpace(l[level:]))
			under := "-"
			if level == 1 {
				under = "="
			}
			out = append(out, title, strings.Repeat(under, utf8.RuneCountInString(title)))
			continue
		case strings.HasPrefix(strings.TrimSpace(l), "|"):
			j := i
			for j < len(src) && strings.HasPrefix(strings.TrimSpace(src[j]), "|") {
				j++
			}
			out = append(out, table(src[i:j])...)
			i = j - 1
			continue
		}
		if m := mdList.FindStringSubmatch(l); m != nil {
			indent := strings.Repeat(" ", len(m[0]))
			out = append(out, wrap(m[1]+"- ", indent, inline(l[len(m[0]):]))...)
			continue
		}
		if strings.TrimSpace(l) == "" {
			out = append(out, "")
			continue
		}
		out = append(out, wrap("", "", inline(l))...)
	}
	// No run of blank lines, no blank lines at the ends.
	var b strings.Builder
	blank := true
	for _, l := range out {
		l = strings.TrimRight(l, " ")
		if l == "" {
			if !blank {
				b.WriteString("\n")
			}
			blank = true
			continue
		}
		blank = false
		b.WriteString(l + "\n")
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// inline removes inline Markdown: links become "text (url)", backticks, bold and
// backslash escapes go.
func inline(s string) string {
	s = mdLink.ReplaceAllStringFunc(s, func(m string) string {
		p := mdLink.FindStringSubmatch(m)
		text, url := p[1], p[2]
		if strings.Trim(text, "`") == url {
			return url
		}
		return text + " (" + url + ")"
	})
	s = mdBold.ReplaceAllString(s, "$1")
	// Backticks go, except escaped ones; escapes are resolved last.
	s = strings.ReplaceAll(s, "\\`", "\x00")
	s = strings.ReplaceAll(s, "`", "")
	s = strings.ReplaceAll(s, "\x00", "\\`")
	return mdEscape.ReplaceAllString(s, "$1")
}

// wrap breaks s into lines of at most terminalWidth runes: first prefixes the first
// line, indent the others.
func wrap(first, indent, s string) []string {
	var lines []string
	line := first
	empty := true
	for _, w := range strings.Fields(s) {
		if !empty && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > terminalWidth {
			lines = append(lines, line)
			line, empty = indent, true
		}
		if !empty {
			line += " "
		}
		line += w
		empty = false
	}
	return append(lines, line)
}

// table aligns the columns of a Markdown table and drops its separator row.
func table(rows []string) []string {
	var cells [][]string
	var widths []int
	for _, r := range rows {
		r = strings.TrimSpace(r)
		r = strings.TrimSuffix(strings.TrimPrefix(r, "|"), "|")
		var row []string
		sep := true
		for _, c := range strings.Split(r, "|") {
			c = inline(strings.TrimSpace(c))
			if strings.Trim(c, "-: ") != "" {
				sep = false
			}
			row = append(row, c)
		}
		if sep {
			continue
		}
		for k, c := range row {
			if k >= len(widths) {
				widths = append(widths, 0)
			}
			widths[k] = max(widths[k], utf8.RuneCountInString(c))
		}
		cells = append(cells, row)
	}
	var out []string
	for _, row := range cells {
		var b strings.Builder
		for k, c := range row {
			b.WriteString("  " + c + strings.Repeat(" ", widths[k]-utf8.RuneCountInString(c)))
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	return out
}
