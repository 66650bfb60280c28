package driver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"

	yaml3 "gopkg.in/yaml.v3"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

// ConfigFileName is the configuration file found upward from the working directory.
const ConfigFileName = ".reconcilelint.yaml"

// FindConfig returns the path of the nearest .reconcilelint.yaml at or above dir, or "".
func FindConfig(dir string) string {
	for {
		p := filepath.Join(dir, ConfigFileName)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// LoadConfig reads a configuration file strictly: unknown keys and bad values are errors
// that name the file and the field path. An empty path gives the default configuration.
func LoadConfig(path string) (analyzers.Config, error) {
	cfg := analyzers.DefaultConfig()
	if path == "" {
		return cfg, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return cfg, err
	}
	if err := KnownKeys(data, reflect.TypeFor[analyzers.Config]()); err != nil {
		return cfg, configError(path, data, err.Error())
	}
	if err := decodeYAML(data, &cfg); err != nil {
		msg := err.Error()
		if i := strings.LastIndex(msg, "json: "); i >= 0 {
			msg = msg[i+len("json: "):]
		}
		// "cannot unmarshal string into Go struct field Config.rules.sleep.allow of
		// type []string": name the field path first, as the other errors do.
		if m := structField.FindStringSubmatch(msg); m != nil {
			msg = m[2] + ": " + m[1] + " " + m[3]
		}
		return cfg, configError(path, data, readableType(msg))
	}
	if err := cfg.Validate(); err != nil {
		return cfg, configError(path, data, err.Error())
	}
	return cfg, nil
}

// KnownKeys checks that every key of the YAML or JSON document data names a field of
// the struct type t (by json tag), recursively, and returns an error naming the path of
// the first unknown key, e.g. `rules.sleep.alow: unknown key (known: allow)`.
func KnownKeys(data []byte, t reflect.Type) error {
	doc, err := yamlToJSONValue(data)
	if err != nil {
		return err
	}
	return knownKeys(doc, t, "")
}

// yamlToJSONValue parses a YAML document into the values encoding/json produces
// (maps with string keys, []any, strings, float64, bool, nil). An empty document is an
// empty map. Errors read "yaml: line N: ...", which configError places.
func yamlToJSONValue(data []byte) (any, error) {
	var doc any
	if err := yaml3.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if doc == nil {
		return map[string]any{}, nil
	}
	v, err := jsonValue(doc)
	if err != nil {
		return nil, err
	}
	// Through JSON once, so that numbers are what encoding/json gives.
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	return out, json.Unmarshal(b, &out)
}

// jsonValue turns what yaml.v3 decodes into values json.Marshal takes: map keys must be
// strings.
func jsonValue(v any) (any, error) {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range v {
			j, err := jsonValue(e)
			if err != nil {
				return nil, err
			}
			out[k] = j
		}
		return out, nil
	case map[any]any:
		out := map[string]any{}
		for k, e := range v {
			j, err := jsonValue(e)
			if err != nil {
				return nil, err
			}
			out[fmt.Sprint(k)] = j
		}
		return out, nil
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			j, err := jsonValue(e)
			if err != nil {
				return nil, err
			}
			out[i] = j
		}
		return out, nil
	}
	return v, nil
}

// decodeYAML decodes a YAML document into v as encoding/json would decode the same
// document written as JSON, with unknown fields an error: the struct's json tags are
// the keys, as in the golangci-lint plugin's settings.
func decodeYAML(data []byte, v any) error {
	doc, err := yamlToJSONValue(data)
	if err != nil {
		return err
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("json: %w", err)
	}
	return nil
}

func knownKeys(v any, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return nil // a type error, reported by the decoder
		}
		fields := map[string]reflect.Type{}
		var names []string
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			fields[name] = f.Type
			names = append(names, name)
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ft, ok := fields[k]
			p := k
			if path != "" {
				p = path + "." + k
			}
			if !ok {
				known := "none"
				if len(names) > 0 {
					known = strings.Join(names, ", ")
				}
				return fmt.Errorf("%s: unknown key (known: %s)", p, known)
			}
			if err := knownKeys(m[k], ft, p); err != nil {
				return err
			}
		}
	case reflect.Slice:
		if l, ok := v.([]any); ok {
			for i, e := range l {
				if err := knownKeys(e, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

var structField = regexp.MustCompile(`^(cannot unmarshal \S+ into) Go struct field Config\.(\S+) (of type \S+)$`)

// configError names the file, and the line of the key the message starts with (a field
// path such as rules.sleep.alow or enable[1]), or the line a YAML syntax error gives.
func configError(path string, data []byte, msg string) error {
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		// "error converting YAML to JSON: yaml: line 3: mapping values are not allowed"
		text := strings.TrimSpace(m[2])
		var n int
		fmt.Sscan(m[1], &n)
		lines := strings.Split(string(data), "\n")
		for _, l := range lines[max(0, n-2):min(len(lines), n+1)] {
			if strings.HasPrefix(strings.TrimLeft(l, " "), "\t") {
				text += " (a tab indents a line near here: YAML indents with spaces only)"
				break
			}
		}
		return fmt.Errorf("%s:%s: YAML syntax: %s", path, m[1], text)
	}
	key, _, ok := strings.Cut(msg, ": ")
	if ok {
		if line := keyLine(data, key); line > 0 {
			return fmt.Errorf("%s:%d: %s", path, line, msg)
		}
	}
	return fmt.Errorf("%s: %s", path, msg)
}

var yamlLineRE = regexp.MustCompile(`yaml: line (\d+): (.*)$`)

var unmarshalRE = regexp.MustCompile(`^(?:(\S+): )?cannot unmarshal (\w+) into .*?type (\S+)$`)

// readableType rewrites the JSON decoder's "cannot unmarshal string into Go value of
// type []string" as "want a list of strings (e.g. [a, b]), got a string".
func readableType(msg string) string {
	m := unmarshalRE.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	got := map[string]string{"string": "a string", "number": "a number", "bool": "true or false",
		"object": "a mapping (key: value)", "array": "a list"}[m[2]]
	if got == "" {
		got = m[2]
	}
	want := map[string]string{"[]string": "a list of strings (e.g. [a, b])", "string": "a string",
		"bool": "true or false", "int": "a whole number", "float64": "a number"}[m[3]]
	switch {
	case want != "":
	case strings.HasPrefix(m[3], "[]"):
		want = "a list"
	case strings.HasPrefix(m[3], "map["), strings.Contains(m[3], "."):
		want = "a mapping (key: value)"
	default:
		want = m[3]
	}
	out := "want " + want + ", got " + got
	if m[1] != "" {
		out = m[1] + ": " + out
	}
	return out
}

// keyLine returns the line of the node a field path (a.b[2].c) names in the YAML
// document, or 0.
func keyLine(data []byte, path string) int {
	var doc yaml3.Node
	if yaml3.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return 0
	}
	n := doc.Content[0]
	line := 0
	for _, part := range strings.Split(path, ".") {
		name, idx, _ := strings.Cut(part, "[")
		if n.Kind != yaml3.MappingNode {
			return line
		}
		var next *yaml3.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == name {
				line, next = n.Content[i].Line, n.Content[i+1]
				break
			}
		}
		if next == nil {
			return line
		}
		n = next
		for idx != "" {
			var k int
			if _, err := fmt.Sscanf(idx, "%d]", &k); err != nil || n.Kind != yaml3.SequenceNode || k >= len(n.Content) {
				return line
			}
			n = n.Content[k]
			line = n.Line
			_, idx, _ = strings.Cut(idx, "[")
		}
	}
	return line
}
