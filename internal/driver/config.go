package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"

	yaml3 "go.yaml.in/yaml/v3"
	"sigs.k8s.io/yaml"

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
	if err := yaml.UnmarshalStrict(data, &cfg); err != nil {
		msg := err.Error()
		if i := strings.LastIndex(msg, "json: "); i >= 0 {
			msg = msg[i+len("json: "):]
		}
		// "cannot unmarshal string into Go struct field Config.rules.sleep.allow of
		// type []string": name the field path first, as the other errors do.
		if m := structField.FindStringSubmatch(msg); m != nil {
			msg = m[2] + ": " + m[1] + " " + m[3]
		}
		return cfg, configError(path, data, msg)
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
	var doc any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return err
	}
	return knownKeys(doc, t, "")
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
		return fmt.Errorf("%s:%s: %s", path, m[1], strings.TrimSpace(m[2]))
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
