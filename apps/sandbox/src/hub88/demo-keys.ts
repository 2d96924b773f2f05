/**
 * Demo RSA key pairs of the sandbox Hub88 (published on purpose, like the other sandbox credentials;
 * never use them for real money). Hub88 and an operator each keep a private key and give the other
 * their public key (docs.hub88.io, "Request signing"):
 * - the sandbox Hub88's pair: it signs its Wallet API calls to Sabai with the private key; Sabai's
 *   HUB88_PUBLIC_KEY is the public one;
 * - the demo operator's pair: Sabai signs its Games API calls with the private key (Sabai's
 *   HUB88_PRIVATE_KEY); the sandbox verifies them with the public one.
 * Generated with `openssl genrsa 2048` (PKCS#8 / SPKI PEM).
 */

export const SANDBOX_HUB88_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQCvCPsVuQPnCwRC
yCXMQ3JitNwd+mEsShBBUDfQijobaOo+48FiTg2+dpea3kbWPq02yzwGeL3FwM7K
5dFkxB6fjfQKO2y6WUSMAi3asuwpwb5+KOzrjbzs4NZOw/0XX8aYlr3yeaAIPreT
8cGgI6oci7kdk80+jebxkvUXZLoqfk/uTFpJwjlrKnlKqLtSEjPlU2aypOBZM1EP
zcug6RBMUh2O/EeON+gZq4OvrngLkX9Ft3U9/vW5pDuly2a8EBBaPygj4wQd5FHW
lsDNkyMAh9+6wFNPwwekc82VZEAEUbbdQBtgVSx8K+krJ6lXfTX4bNwUR0wBV0f/
vTIjfI+XAgMBAAECggEABO4l1GjPuVRQHGly1xwXPryFbrq8vfigGJbf25npJRiB
cKANtG0qafEBODWGnUZKrr5uxGfmQIm7yW9LxKDZk/j1pMwjteQJ0D/Hdt+PU2XH
rdoNQl1NswZqQvG2UVA7UdT9KLVQUqshlKM8pvwaMI+m+TROlbJ9jNRs3unRbJzy
Lfj1AfGCEH1jt9GNOZY4/7oCHnqtlfrjoetp4ypOpn5OgtkP1MljEsKcisSb902Q
OC/EpAVoULecBuRvxju1uxF6WbB49M8ST/aNSh0H8e7vXr9aVHN0das3kYhUn/5Q
nLJIYgTViyTKSJEw1kltcfIAv2bWHB3qNNFqYNiw8QKBgQDyt431QHTxYLYNj6zx
+VvlX7l2QI+oiCgE2481jbjRNSnhrKEfELpgsBlrVoYp+lmjyzQF18E5VHa6tbF6
VHuV1LygctnXzHK0g3h6qJVBALn8VGer6Vz0kVDMW/2OuWYiIf3ph4ciJ9mLdDaV
6zxyMZWhccyHCSEjakGCi/HkZQKBgQC4nTU+ouLGhAM7BoaY7bqpx3j0idMyu58u
sS/pwZ5h7STELvc3NgpyCRgnsF10oclCIpfYRPOilXK9VP6mavrT/+8Omi2x04Um
v//eUigIawTmxagbFbfEtFNe3eM0KPPRVRE69TQrD322jsxFJGGHrWaGtoHFZGCI
m6MulbquSwKBgQCcIA4kb+3JRlhUqNKqY6gFB2oY8rZ1xf9YAJNB84OqrvPdwllx
ziTVBPGU5fcvEWaPwaoZCAu2gOpOd4lOEwHcAxfCbZ5K/avbCaZ53+8B/SGlefWl
01qDxuWeTp3vLLrRweO+T/tQsSlyVrK2BLbBDbweOUFCq1Cxoyu4eaSDMQKBgQCB
tMo8+Lo12XhflyUn+xbDxEcCIHeHVHTxnEHajVNW4AON5qWAX/KUzjjvYaU3lZfO
ZHmk1EUMvM2Bol7L06vpGQ7/hmmGX+NUJ1+A9t3zlCU8cjC63tZfWIaex2yjMAal
04uojbCadGbRxaBVD8uKRNUc3stsQSrlr9vFliMz4wKBgBiKR7ziI90ZFyBnaVGO
n0wBfjo9jR+ztCVf50cTRkGKQ9KPMzPaePaRfXSVdsMB2obXRxozRnyluB6q5ELq
R0nvCsyrojt8A462NJzuZW9fj+NsbyDyPPn+lC0BmzOFYao2Fx73+vfoAsf7QWRY
eGn5Qr5HhRJ3SKoX1zI1XhNg
-----END PRIVATE KEY-----`;

export const SANDBOX_HUB88_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEArwj7FbkD5wsEQsglzENy
YrTcHfphLEoQQVA30Io6G2jqPuPBYk4NvnaXmt5G1j6tNss8Bni9xcDOyuXRZMQe
n430CjtsullEjAIt2rLsKcG+fijs64287ODWTsP9F1/GmJa98nmgCD63k/HBoCOq
HIu5HZPNPo3m8ZL1F2S6Kn5P7kxaScI5ayp5Sqi7UhIz5VNmsqTgWTNRD83LoOkQ
TFIdjvxHjjfoGauDr654C5F/Rbd1Pf71uaQ7pctmvBAQWj8oI+MEHeRR1pbAzZMj
AIffusBTT8MHpHPNlWRABFG23UAbYFUsfCvpKyepV301+GzcFEdMAVdH/70yI3yP
lwIDAQAB
-----END PUBLIC KEY-----`;

export const DEMO_HUB88_OPERATOR_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC8ZGOPhl4LAYhB
h/Z/B/EWAkbPArtW6rCPAxNAw7h2Ldan1U3jVMGb09a/dnHc5oPm4H4xxSF5tkib
PLkoINi9NAx77tj/CqfXqU2Eoem78aGFODmyeO+3O1zb5RGntwvPw6QSR4U3B/Sw
+5BS4UMlKnPa4rJomaDr0WqaEsjuNCsdS5yI18hnXdhNncFfG1t0obOLDdS/rfI4
rbST9XdXepKNzO8AxFYoaal4JvpqyBe3rX9M8CVyJaLFuCg4C88eNC8RznzKj29a
Ff/98Mewv/OCcXtfeoY2vqMWw+MOD3ByxHiGZdWtic9DzEbe3EVAqmPBpgA19LyH
AqzTZtQvAgMBAAECggEAASZbtTSMvmR0AHJj/sJ9pjS9WeYaXp1wFm9eXrbTGWWO
OdgDca/CvsC8Ps7qQv7lLzOPkZ4yZhvGtavZNXV93SnEKb17dZMLEzXlUznpw0vm
QHnnYD98txGVr4Hmaa+kUtBO4A2vsnZJ+AqRBvB5CHEJ4/weOqU1ZjsQ+3/B2jJU
nqclXsof8S4fqGaQ2V+GKIIfYoTB9IBVunnsMorGIvspeUCeGeJR9BxP5fhmwdIH
LlV9TY/nod1JF8lq88KtK2U7ol9Viy9YaLR89BM2JWlrABMSMfmS7gJSUw3FmZ+z
xT+UjLMzzFrifZ6SZxXRUSxemBcbwNLRBOvvrcOeAQKBgQD0+MWey2VySq/l31+z
xVsORgRhXXyvUtbQWlA4NxAN7IpBy/hHNKL/2haH9djPCWmnex6yJ3+RqNdaPnmk
+Ao7zpxIjZ4S59eoFgF3lJX5voM8XIYfzqfPrBNn4ecWq/3CwTOqPcH0hbLzb+Re
EqGEvJKnMSSmKoH2XcjIUEo7vwKBgQDE342oBXMl6remkzgiHqHhpDHekVDX0cZY
Y7Vf58tgnU6+kmmMmKke/YPD42S+cDn1H/f+ZKqxX8Imj+CZiTQuJRiFfStY6dQy
wPIxAtliBv8C/jGVxrsYFqsEkPX62Y454p8D3UdmjxUJlcks23LQhZLD80FzsDQn
m9CMYkhDkQKBgGKh41erRz48ShRA2tST6rSVhl/5dyFUNj+PjWsE6IbirUwOpvls
fRCMq7O0TcYWYR7Y2KQceSWZmJOyQeIlKGGqL4ya0IGGLXN04MRX5Aa5KTfdfPdD
ipd4DhwufY/IUhTfG0E5OmWMi1+utoEV+UhrcJS2ma35wXgDjLrycOEbAoGAFB1j
M8+avD0HFpXkHlhS4eMM1Vizkdl1EoLdfTcJqI1qBj6fWiYe4XO1isYo/Owqf8kM
ZYmThxvpklcQ8575Hd3ca4cmbqc1bxoXpLpNy547X+ro1gzAAO4P+x90gnTH+1IU
PSjWqrvjwl7zdwnU6Uk8fZjVDyTpr0JURIOmLoECgYEAz6Iq3pSzGIs1daj7Ae2R
08Wel6X3SCilUlCkbpalss5qJD4PyZcnZR3Fn/K3yONKYsiurVuvXc6R/5u8JK+q
XyjUZFRcaW1zQ6UXwaMHvaZmDSMAefkNLY+n6HNHxrOQdy0ptraEYdAraBq09XgX
jFMy+sd55RFoI5JPL3I3QQU=
-----END PRIVATE KEY-----`;

export const DEMO_HUB88_OPERATOR_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAvGRjj4ZeCwGIQYf2fwfx
FgJGzwK7VuqwjwMTQMO4di3Wp9VN41TBm9PWv3Zx3OaD5uB+McUhebZImzy5KCDY
vTQMe+7Y/wqn16lNhKHpu/GhhTg5snjvtztc2+URp7cLz8OkEkeFNwf0sPuQUuFD
JSpz2uKyaJmg69FqmhLI7jQrHUuciNfIZ13YTZ3BXxtbdKGziw3Uv63yOK20k/V3
V3qSjczvAMRWKGmpeCb6asgXt61/TPAlciWixbgoOAvPHjQvEc58yo9vWhX//fDH
sL/zgnF7X3qGNr6jFsPjDg9wcsR4hmXVrYnPQ8xG3txFQKpjwaYANfS8hwKs02bU
LwIDAQAB
-----END PUBLIC KEY-----`;

/** The demo operator's id at the sandbox Hub88 (Sabai's HUB88_OPERATOR_ID). */
export const DEMO_HUB88_OPERATOR_ID = 1;
