package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

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
		return cfg, fmt.Errorf("%s: %v", path, err)
	}
	if err := yaml.UnmarshalStrict(data, &cfg); err != nil {
		msg := err.Error()
		if i := strings.LastIndex(msg, "json: "); i >= 0 {
			msg = msg[i+len("json: "):]
		}
		return cfg, fmt.Errorf("%s: %s", path, msg)
	}
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("%s: %v", path, err)
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
