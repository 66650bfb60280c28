// Command etcd serves a single-member etcd for the tests against a real API
// server, through etcd's embed package. It accepts the flags that
// controller-runtime's envtest passes (and lists them in --help, where envtest
// looks for --unsafe-no-fsync) and exits on SIGTERM or SIGINT.
package main

import (
	"flag"
	"fmt"
	"log"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"go.etcd.io/etcd/server/v3/embed"
)

func main() {
	fs := flag.NewFlagSet("etcd", flag.ExitOnError)
	dataDir := fs.String("data-dir", "default.etcd", "path to the data directory")
	listenClient := fs.String("listen-client-urls", "http://localhost:2379", "URLs to listen on for client traffic")
	advertiseClient := fs.String("advertise-client-urls", "http://localhost:2379", "client URLs to advertise")
	listenPeer := fs.String("listen-peer-urls", "http://localhost:2380", "URLs to listen on for peer traffic")
	noFsync := fs.Bool("unsafe-no-fsync", false, "disable fsync (tests only)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: etcd [flags]")
		fs.VisitAll(func(f *flag.Flag) {
			fmt.Fprintf(fs.Output(), "  --%s\n\t%s (default %q)\n", f.Name, f.Usage, f.DefValue)
		})
	}
	fs.Parse(os.Args[1:])

	cfg := embed.NewConfig()
	cfg.Dir = *dataDir
	cfg.UnsafeNoFsync = *noFsync
	cfg.LogLevel = "error"
	cfg.ListenClientUrls = urls(*listenClient)
	cfg.AdvertiseClientUrls = urls(*advertiseClient)
	cfg.ListenPeerUrls = urls(*listenPeer)
	e, err := embed.StartEtcd(cfg)
	if err != nil {
		log.Fatal(err)
	}
	defer e.Close()
	<-e.Server.ReadyNotify()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	select {
	case err := <-e.Err():
		log.Fatal(err)
	case <-sig:
	}
}

func urls(list string) []url.URL {
	var out []url.URL
	for _, s := range strings.Split(list, ",") {
		u, err := url.Parse(s)
		if err != nil {
			log.Fatalf("%s: %v", s, err)
		}
		out = append(out, *u)
	}
	return out
}
