module hexproof

go 1.26
