# hexproof — build, test and benchmark.
GO      ?= go
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)

.PHONY: build test test-short bench lint run fuzz clean

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o hexproof ./cmd/hexproof

# The whole suite, as CI runs it.
test:
	$(GO) vet ./...
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) test -count=1 -timeout 20m ./...

test-short:
	$(GO) test -short ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

lint:
	$(GO) vet ./...
	gofmt -l .

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParseMoves -fuzztime 60s ./board

# The main job on the embedded default (Badger under the user's cache directory).
run: build
	./hexproof verify --board 4x3 --strategy mirror --starter both

clean:
	rm -f hexproof
