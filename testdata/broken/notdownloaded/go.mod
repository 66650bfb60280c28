module example.com/notdownloaded

go 1.26.0

require example.invalid/absent v1.0.0
