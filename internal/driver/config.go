package driver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

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
	if err := yaml.UnmarshalStrict(data, &cfg); err != nil {
		return cfg, fmt.Errorf("%s: %v", path, err)
	}
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("%s: %v", path, err)
	}
	return cfg, nil
}

// errUsage marks errors that exit with status 2.
var errUsage = errors.New("usage")
