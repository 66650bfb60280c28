module example.com/vendored

go 1.26.0

require example.com/dep v1.0.0

replace example.com/dep => ./dep
