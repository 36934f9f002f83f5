liberapay/liberapay.com — licence as stated in README.md at commit cc5be724ecae6c2605711b42063c465bb2dd6438 (the commit the mails are rendered from; the repository has no licence file):

## License

[CC0 Public Domain Dedication](https://creativecommons.org/publicdomain/zero/1.0/) (See [this discussion](https://github.com/liberapay/liberapay.com/issues/564) for details.)

CC0 1.0 Universal: https://creativecommons.org/publicdomain/zero/1.0/legalcode
